package io.canopy.statemachine;

/**
 * A transition condition. An exception thrown out of it counts as false and raises {@code error.execution}
 * (SCXML 5.9.1).
 */
@FunctionalInterface
public interface TransitionGuard {
    boolean test(Machine machine);
}
