package io.canopy.launch;

import io.canopy.InputException;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NamedTree;
import java.util.List;

/**
 * A launch file (or a file it names) has errors: every one of them, one line each, in the order found.
 * The message is those lines joined with newlines.
 */
public final class LaunchException extends InputException {
    private final List<String> errors;
    private final List<NamedTree> trees;
    private final List<MachinePlan> machines;

    public LaunchException(List<String> errors) {
        this(errors, List.of(), List.of());
    }

    /**
     * With the trees and machines the launch file names that could be read despite the errors, so that
     * {@code canopy validate} checks them too and reports every error at once.
     */
    public LaunchException(List<String> errors, List<NamedTree> trees, List<MachinePlan> machines) {
        super(String.join("\n", errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a LaunchException needs at least one error");
        }
        this.errors = List.copyOf(errors);
        this.trees = List.copyOf(trees);
        this.machines = List.copyOf(machines);
    }

    /** The trees named by the launch file, with their node's palettes (their own errors are not among {@link #errors()}). */
    public List<NamedTree> trees() {
        return trees;
    }

    /** The state machines named by the launch file (whose own errors are not among {@link #errors()}). */
    public List<MachinePlan> machines() {
        return machines;
    }

    /** One line per error: {@code file:line:column: <element>: what is wrong; how to fix it}. */
    public List<String> errors() {
        return errors;
    }
}
