package io.canopy.statemachine;

/** A {@code <param name expr|location>} or one name of a {@code namelist}. */
final class Param {
    final String name;
    final Value value;

    Param(String name, Value value) {
        this.name = name;
        this.value = value;
    }
}
