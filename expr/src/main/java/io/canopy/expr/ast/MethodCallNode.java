package io.canopy.expr.ast;

import io.canopy.expr.Builtins;
import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/**
 * ECMASCRIPT {@code obj.name(args)} and global calls such as {@code String(x)} or {@code Math.max(a, b)}: the
 * standard library subset of {@link Builtins}. Each call allocates its argument array and its result.
 */
public final class MethodCallNode extends ExprNode {
    /** The receiver, or null for a global function. */
    private final ExprNode object;
    private final String name;
    private final ExprNode[] args;
    private final Value target = new Value();
    private final Value arg = new Value();

    public MethodCallNode(ExprNode object, String name, ExprNode[] args) {
        this.object = object;
        this.name = name;
        this.args = args;
    }

    @Override
    public void eval(Value out) {
        Object receiver = null;
        if (object != null) {
            object.eval(target);
            if (target.kind == Value.UNDEFINED || target.kind == Value.NULL) {
                throw new ExpressionException(null, "cannot call '" + name + "' of " + Ops.describe(target) + " (TypeError)");
            }
            receiver = Ops.toJava(target);
        }
        Object[] argv = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            args[i].eval(arg);
            argv[i] = Ops.toJava(arg);
        }
        Object result;
        try {
            result = object == null ? Builtins.global(name, argv) : Builtins.call(receiver, name, argv);
        } catch (ExpressionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ExpressionException(null, name + "(...) failed: " + e.getMessage(), e);
        }
        Ops.fromJava(result, out, true);
    }
}
