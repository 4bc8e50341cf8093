package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.ExpressionSyntaxException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import io.canopy.expr.Variable;
import java.util.function.Supplier;

/**
 * ECMASCRIPT {@code ++x}, {@code --x}, {@code x++} and {@code x--} on a variable: the variable becomes
 * ToNumber(x) plus or minus one; the prefix form yields the new value, the postfix form the old one (as a
 * number). No allocation for numbers.
 */
public final class IncDecNode extends ExprNode {
    private final Variable variable;
    private final String name;
    private final int delta;
    private final boolean prefix;
    private final Value old = new Value();

    private IncDecNode(VarNode target, int delta, boolean prefix) {
        this.variable = target.variable;
        this.name = target.name;
        this.delta = delta;
        this.prefix = prefix;
    }

    /** The node for {@code target}; anything but a variable name is refused with {@code notAVariable}. */
    public static ExprNode of(ExprNode target, int delta, boolean prefix, Supplier<ExpressionSyntaxException> notAVariable) {
        if (!(target instanceof VarNode)) {
            throw notAVariable.get();
        }
        return new IncDecNode((VarNode) target, delta, prefix);
    }

    @Override
    public void eval(Value out) {
        if (!VarNode.load(variable, old, true)) {
            if (!variable.exists()) {
                throw new ExpressionException(name, "'" + name + "' is not declared: declare it in the datamodel before"
                        + " incrementing it");
            }
            old.setUndefined();
        }
        if (old.kind == Value.INT && Math.abs(old.lng) < (1L << 53)) {
            long before = old.lng;
            out.setInt(before + delta);
            AssignNode.store(variable, name, out, true, null);
            if (!prefix) {
                out.setInt(before);
            }
            return;
        }
        double before = Ops.toNumber(old);
        out.setNum(before + delta);
        AssignNode.store(variable, name, out, true, null);
        if (!prefix) {
            out.setNum(before);
        }
    }
}
