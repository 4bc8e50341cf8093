package io.canopy.expr.ast;

import io.canopy.expr.ExprFunction;
import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/**
 * A call of a function offered by the scope, such as {@code In('s1')}. Literal arguments are boxed once at
 * compile time, so a call with only literal arguments allocates nothing.
 */
public final class CallNode extends ExprNode {
    private final String name;
    private final ExprFunction function;
    private final ExprNode[] args;
    private final Object[] argv;
    private final boolean constantArgs;
    private final boolean ecma;
    private final Value arg = new Value();

    public CallNode(String name, ExprFunction function, ExprNode[] args, Object[] argv, boolean constantArgs, boolean ecma) {
        this.name = name;
        this.function = function;
        this.args = args;
        this.argv = argv;
        this.constantArgs = constantArgs;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        if (!constantArgs) {
            for (int i = 0; i < args.length; i++) {
                args[i].eval(arg);
                argv[i] = Ops.toJava(arg);
            }
        }
        Object result;
        try {
            result = function.call(argv);
        } catch (ExpressionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ExpressionException(null, name + "(...) failed: " + e.getMessage(), e);
        }
        Ops.fromJava(result, out, ecma);
    }
}
