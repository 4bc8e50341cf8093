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

    /**
     * {@code text} (a parser's message, which may quote the input) on one line: line breaks and other control
     * characters shown as escapes ({@code \n}, {@code \u0007}), so a report stays one line per problem.
     */
    public static String oneLine(String text) {
        if (text == null) {
            return "no detail";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c != 0x7F) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out == null ? text : out.toString();
    }
}
