package io.canopy.expr;

/**
 * Where a compiled expression finds its variables: a behavior-tree blackboard (with remapping), an SCXML
 * datamodel. Consulted only at compile time.
 */
public interface Scope {
    /**
     * The cell for {@code name}, created empty if it does not exist yet (so that {@code x := 1} can create
     * it later and {@code x = 1} can find it missing). Never null.
     */
    Variable variable(String name);

    /**
     * A compile-time constant for {@code name}, looked up before {@link #variable(String)}: a registered
     * BehaviorTree.CPP scripting enum (a {@code Long}), or any fixed value ({@code String}, {@code Boolean},
     * {@code Long}, {@code Double}). Null (the default) when {@code name} is not a constant.
     */
    default Object constant(String name) {
        return null;
    }

    /**
     * The function called as {@code name(...)} with {@code argCount} arguments, for example SCXML's {@code
     * In} with 1. Null (the default) when there is none: the script then fails to compile.
     */
    default ExprFunction function(String name, int argCount) {
        return null;
    }
}
