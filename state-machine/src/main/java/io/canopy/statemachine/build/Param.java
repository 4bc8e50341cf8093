package io.canopy.statemachine.build;

import io.canopy.statemachine.ValueExpr;

/** A {@code <param name expr|location>} or one name of a {@code namelist}. */
public final class Param {
    public final String name;
    public final ValueExpr value;

    Param(String name, ValueExpr value) {
        this.name = name;
        this.value = value;
    }
}
