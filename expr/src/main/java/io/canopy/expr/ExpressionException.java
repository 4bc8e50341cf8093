package io.canopy.expr;

import java.util.List;

/**
 * A script that failed while running: an assignment with {@code =} to a variable that does not exist, a
 * read of a missing or empty variable, values of the wrong type for an operator, a value that does not
 * convert (a BehaviorTree.CPP condition worth 2), a refused write to a variable, a failing function.
 *
 * <p>This is the only exception that evaluating a {@link CompiledExpression} throws for bad scripts or bad
 * data (exceptions from {@link Variable}, {@link ExprFunction} and {@link MemberAccess} implementations are
 * wrapped in it, as the cause). A behavior tree turns it into a tick error; an SCXML machine into {@code
 * error.execution}. The message is one line naming the script, the variable and the values involved.
 */
public final class ExpressionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String variable;
    private String source;
    private List<Object> values = List.of();

    public ExpressionException(String variable, String message) {
        super(message);
        this.variable = variable;
    }

    public ExpressionException(String variable, String message, Throwable cause) {
        super(message, cause);
        this.variable = variable;
    }

    /** Records the values involved (as Java objects), for callers that report them. */
    public ExpressionException with(Value... involved) {
        Object[] objects = new Object[involved.length];
        for (int i = 0; i < involved.length; i++) {
            Object o = Ops.toJava(involved[i]);
            objects[i] = o == null ? Expressions.NULL : o;
        }
        values = List.of(objects);
        return this;
    }

    ExpressionException inSource(String script) {
        if (source == null) {
            source = script;
        }
        return this;
    }

    /** The variable involved, or null when the error is not about one variable. */
    public String variable() {
        return variable;
    }

    /**
     * The values involved, as Java objects ({@code Expressions.NULL} for null): the operands of a failed
     * operator, the value that could not be assigned or converted. Empty when the error is about a name.
     */
    public List<Object> values() {
        return values;
    }

    /** The script that failed (null only while the exception is still being propagated internally). */
    public String source() {
        return source;
    }

    /** The problem without the script: what went wrong and with which values. */
    public String detail() {
        return super.getMessage();
    }

    @Override
    public String getMessage() {
        String detail = Ops.oneLine(super.getMessage());
        return source == null ? detail : "script \"" + Ops.oneLine(Ops.abbreviate(source, 0, 100)) + "\": " + detail;
    }
}
