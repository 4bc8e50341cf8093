package io.canopy.expr;

/**
 * A function that scripts can call, such as SCXML's {@code In('stateId')}. Offered by a {@link Scope} at
 * compile time ({@link Scope#function(String, int)}).
 *
 * <p>Arguments arrive as Java objects: {@code String}, {@code Boolean}, {@code Long} (an integer), {@code
 * Double}, {@code null}, {@link Expressions#UNDEFINED} or any other object. The result follows the same
 * rules. Returning {@code Boolean.TRUE}/{@code FALSE} or an existing object allocates nothing.
 */
@FunctionalInterface
public interface ExprFunction {
    /**
     * Calls the function. The {@code args} array belongs to the call site and is reused by the next call:
     * do not keep it. A {@link RuntimeException} thrown here reaches the caller as an {@link
     * ExpressionException}.
     */
    Object call(Object[] args);

    /**
     * Called once at compile time when every argument of a call site is a literal. May return a
     * specialised function (for example {@code In('s1')} with the state resolved to an index), which is then
     * called with the same arguments at run time. May throw {@link IllegalArgumentException} to reject the
     * arguments; the message becomes a compile error. The default returns {@code this}.
     */
    default ExprFunction specialize(Object[] constantArgs) {
        return this;
    }
}
