package io.canopy;

/**
 * Bad input from outside the program: a tree, SCXML or launch file, a value on the wire, a command-line
 * argument. The message is one line that names where (file:line:column and element, or topic, port and
 * byte offset), what was wrong, with the offending value, and how to fix it. The command line prints it
 * without a stack trace and exits 2.
 *
 * <p>Programmer errors (a broken invariant, a misuse of an API) are plain {@link IllegalStateException}s
 * and {@link IllegalArgumentException}s instead.
 */
public class InputException extends RuntimeException {
    public InputException(String message) {
        super(message);
    }

    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
