package io.canopy.expr;

import io.canopy.InputException;

/**
 * A script that does not compile. Thrown by {@link Expressions#compile}; the message is one line: what is
 * wrong, where in the script (column, and line for scripts of several lines), the offending token, the
 * script, and how to fix it. Callers prefix it with their own location (file, line, element, attribute).
 */
public final class ExpressionSyntaxException extends InputException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;
    private final String token;
    private final String problem;
    private final String fix;

    ExpressionSyntaxException(String source, int line, int column, String token, String problem, String fix) {
        super(format(source, line, column, token, problem, fix));
        this.source = source;
        this.line = line;
        this.column = column;
        this.token = token;
        this.problem = problem;
        this.fix = fix;
    }

    /** The same error with {@code prefix} in front of the problem (e.g. "bad location: "). */
    ExpressionSyntaxException prefixed(String prefix) {
        return new ExpressionSyntaxException(source, line, column, token, prefix + problem, fix);
    }

    private static String format(String source, int line, int column, String token, String problem, String fix) {
        StringBuilder sb = new StringBuilder(problem);
        sb.append(" at ");
        if (line > 1 || source.indexOf('\n') >= 0) {
            sb.append("line ").append(line).append(", ");
        }
        sb.append("column ").append(column);
        if (token != null) {
            sb.append(" (").append(Ops.oneLine(Ops.abbreviate(token, 0, 40))).append(')');
        }
        sb.append(" in \"").append(Ops.oneLine(Ops.abbreviate(source, offset(source, line, column), 100))).append('"');
        if (fix != null) {
            sb.append(": ").append(fix);
        }
        return Ops.oneLine(sb.toString());
    }

    private static int offset(String source, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            offset = source.indexOf('\n', offset) + 1;
        }
        return offset + column - 1;
    }

    /** The script as given to the compiler. */
    public String source() {
        return source;
    }

    /** 1-based line within the script. */
    public int line() {
        return line;
    }

    /** 1-based column within that line. */
    public int column() {
        return column;
    }

    /** The offending token as written, or "end of script"; null when not about one token. */
    public String token() {
        return token;
    }
}
