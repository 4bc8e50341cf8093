package io.canopy.statemachine;

/** A compiled value expression of the datamodel; throws a RuntimeException when it cannot be evaluated. */
@FunctionalInterface
public interface ValueExpr {
    Object get(Machine machine);
}
