package io.canopy.launch;

import io.canopy.InputException;
import java.util.List;

/**
 * A launch file (or a file it names) has errors: every one of them, one line each, in the order found.
 * The message is those lines joined with newlines.
 */
public final class LaunchException extends InputException {
    private final List<String> errors;

    public LaunchException(List<String> errors) {
        super(String.join("\n", errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a LaunchException needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    /** One line per error: {@code file:line:column: <element>: what is wrong; how to fix it}. */
    public List<String> errors() {
        return errors;
    }
}
