package io.canopy.bt.script;

import io.canopy.bt.Blackboard;

/** Compiles a script against a blackboard; throws IllegalArgumentException with the reason on bad syntax. */
public interface ScriptCompiler {
    CompiledCode compile(String code, Blackboard blackboard);

    /** The number of scripting enum value {@code name}, or null (also for port literals of numeric ports). */
    default Long enumValue(String name) {
        return null;
    }
}
