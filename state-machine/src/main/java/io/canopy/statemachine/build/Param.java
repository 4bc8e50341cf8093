package io.canopy.statemachine.build;

import io.canopy.statemachine.Value;

/** A {@code <param name expr|location>} or one name of a {@code namelist}. */
public final class Param {
    public final String name;
    public final Value value;

    Param(String name, Value value) {
        this.name = name;
        this.value = value;
    }
}
