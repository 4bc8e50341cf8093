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
}
