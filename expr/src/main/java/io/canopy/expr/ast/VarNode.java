package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import io.canopy.expr.Variable;

/** Reads a variable resolved at compile time: a field access, no lookup. */
public final class VarNode extends ExprNode {
    public final Variable variable;
    public final String name;
    private final boolean ecma;

    public VarNode(Variable variable, String name, boolean ecma) {
        this.variable = variable;
        this.name = name;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        if (!load(variable, out, ecma)) {
            readEmpty(out);
        }
    }

    /**
     * Loads the variable's value into {@code out} without boxing; false (and {@code out} untouched) when the
     * variable is empty. BehaviorTree.CPP booleans load as the integers 1/0.
     */
    static boolean load(Variable v, Value out, boolean ecma) {
        switch (v.kind()) {
            case BOOLEAN:
                if (ecma) {
                    out.setBool(v.booleanValue());
                } else {
                    out.setInt(v.booleanValue() ? 1 : 0);
                }
                return true;
            case LONG:
                out.setInt(v.longValue());
                return true;
            case DOUBLE:
                out.setNum(v.doubleValue());
                return true;
            case STRING:
                out.setStr((String) v.objectValue());
                return true;
            case OBJECT:
                Ops.fromJava(v.objectValue(), out, ecma);
                return true;
            default:
                return false;
        }
    }

    private void readEmpty(Value out) {
        if (ecma) {
            if (variable.exists()) {
                out.setUndefined();
                return;
            }
            throw new ExpressionException(name, "'" + name + "' is not declared: declare it in the datamodel, or test it with"
                    + " typeof " + name + " === 'undefined'");
        }
        if (variable.exists()) {
            throw new ExpressionException(name, "the entry '" + name + "' has no value yet: assign it first, e.g. '"
                    + name + " := 0'");
        }
        throw new ExpressionException(name, "the entry '" + name + "' does not exist: create it with '" + name
                + " := value', set it on the blackboard, or remap the port that provides it");
    }
}
