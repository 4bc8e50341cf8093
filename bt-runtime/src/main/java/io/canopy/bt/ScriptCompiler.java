package io.canopy.bt;

/** Compiles a script against a blackboard; throws IllegalArgumentException with the reason on bad syntax. */
interface ScriptCompiler {
    CompiledCode compile(String code, Blackboard blackboard);
}
