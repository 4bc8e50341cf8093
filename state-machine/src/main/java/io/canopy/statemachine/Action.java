package io.canopy.statemachine;

import io.canopy.statemachine.build.StatechartBuilder;

/**
 * Executable content: what runs on entry, on exit and when a transition is taken. Written in Java with the
 * {@link StatechartBuilder}, or compiled from SCXML ({@code <raise>}, {@code <send>}, {@code <assign>}, ...).
 * An exception thrown out of an action ends its block and raises {@code error.execution} in the machine, as
 * the SCXML standard says; the next block runs normally.
 */
@FunctionalInterface
public interface Action {
    void run(Machine machine);
}
