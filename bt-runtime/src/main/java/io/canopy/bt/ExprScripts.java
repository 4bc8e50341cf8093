package io.canopy.bt;

/** Compiles scripts with the expression language of {@code io.canopy.expr}. */
final class ExprScripts implements ScriptCompiler {
    static final ExprScripts INSTANCE = new ExprScripts();

    private ExprScripts() {}

    @Override
    public CompiledCode compile(String code, Blackboard blackboard) {
        throw new IllegalArgumentException("scripts need io.canopy.expr, which this build does not have yet");
    }
}
