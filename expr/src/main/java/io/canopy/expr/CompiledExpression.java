package io.canopy.expr;

import io.canopy.expr.ast.AssignNode;
import io.canopy.expr.ast.ExprNode;

/**
 * A script compiled against one {@link Scope}: its names are already resolved to {@link Variable}s.
 * Evaluating it performs no lookups, and allocates nothing when it computes, reads and assigns numbers and
 * booleans. String results that are built (concatenation, number formatting) allocate.
 *
 * <p>Not thread-safe: evaluate a compiled expression from one thread at a time (compile one per tree or
 * machine instance). Every evaluation method throws {@link ExpressionException} for run-time errors.
 */
public final class CompiledExpression {
    private final String source;
    private final Dialect dialect;
    private final boolean ecma;
    private final ExprNode root;
    /** For enum names in strings assigned by {@link #evalInto}; null when there is none. */
    private final Scope enums;
    private final Value result = new Value();

    CompiledExpression(String source, Dialect dialect, Scope enums, ExprNode root) {
        this.enums = enums;
        this.source = source;
        this.dialect = dialect;
        this.ecma = dialect == Dialect.ECMASCRIPT;
        this.root = root;
    }

    /** The script as written. */
    public String source() {
        return source;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** Runs the script for its effects (assignments); the value is discarded. */
    public void execute() {
        run();
    }

    /**
     * Runs the script and converts its value to a boolean. ECMASCRIPT: truthiness. BTCPP: the numbers 1/0 and
     * the strings true/false/1/0; any other value (2, 'abc', no value) throws, as in BehaviorTree.CPP.
     */
    public boolean evalBoolean() {
        run();
        try {
            return ecma ? Ops.truthy(result) : Ops.btcppBool(result);
        } catch (ExpressionException e) {
            throw e.inSource(source);
        }
    }

    /**
     * Runs the script and converts its value to a number. ECMASCRIPT: ToNumber (NaN when not numeric).
     * BTCPP: a number, or a string that is wholly a number; anything else throws.
     */
    public double evalDouble() {
        run();
        if (result.isNumber()) {
            return result.num;
        }
        if (ecma) {
            return Ops.toNumber(result);
        }
        double d = result.kind == Value.STR ? Ops.btcppStringToNumber(result.str(), enums) : Double.NaN;
        if (Double.isNaN(d)) {
            throw new ExpressionException(null, "the value " + Ops.describe(result) + " is not a number").with(result)
                    .inSource(source);
        }
        return d;
    }

    /** Runs the script and returns its value as an integer; a value that is not a whole number throws. */
    public long evalLong() {
        double d = evalDouble();
        if (result.kind == Value.INT) {
            return result.lng;
        }
        if (d != (long) d) {
            throw new ExpressionException(null, "the value " + Ops.formatNumber(d) + " is not an integer").inSource(source);
        }
        return (long) d;
    }

    /**
     * Runs the script and returns its value as a string (numbers as in JavaScript: 3, 2.5). BTCPP: a script
     * without a value throws; ECMASCRIPT gives "undefined".
     */
    public String evalString() {
        run();
        if (!ecma && result.kind == Value.UNDEFINED) {
            throw new ExpressionException(null, "the script has no value").inSource(source);
        }
        return Ops.toStr(result);
    }

    /**
     * Runs the script and returns its value as an object: {@code Boolean}, {@code Long} (integers), {@code
     * Double}, {@code String}, {@code null}, {@link Expressions#UNDEFINED} or the object itself. Boxes numbers.
     */
    public Object evalObject() {
        run();
        return Ops.toJava(result);
    }

    /**
     * Runs the script and assigns its value to {@code target} with the dialect's assignment rules (as
     * {@code target := value} would), without boxing numbers.
     */
    public void evalInto(Variable target) {
        run();
        try {
            AssignNode.store(target, target.name(), result, ecma, enums);
        } catch (ExpressionException e) {
            throw e.inSource(source);
        }
    }

    private void run() {
        try {
            root.eval(result);
        } catch (ExpressionException e) {
            throw e.inSource(source);
        }
    }

    @Override
    public String toString() {
        return source;
    }
}
