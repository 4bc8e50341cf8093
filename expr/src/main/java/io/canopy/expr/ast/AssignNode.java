package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Expressions;
import io.canopy.expr.Ops;
import io.canopy.expr.Scope;
import io.canopy.expr.Value;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;

/** {@code x := v}, {@code x = v} and the compound assignments {@code += -= *= /= %=} to a variable. */
public final class AssignNode extends ExprNode {
    /** Operator code for {@code :=}. */
    public static final int CREATE = 100;
    /** Operator code for {@code =}. */
    public static final int ASSIGN = 101;

    private final Variable variable;
    private final String name;
    /** CREATE, ASSIGN, or the arithmetic code of a compound assignment (Ops.ADD ...). */
    private final int op;
    private final ExprNode rhs;
    private final boolean ecma;
    /** For enum names in strings assigned to numeric entries (BT.CPP's StringToDouble). */
    private final Scope enums;
    private final Value current = new Value();
    private final Value operand = new Value();

    public AssignNode(Variable variable, String name, int op, ExprNode rhs, boolean ecma, Scope enums) {
        this.variable = variable;
        this.name = name;
        this.op = op;
        this.rhs = rhs;
        this.ecma = ecma;
        this.enums = enums;
    }

    @Override
    public void eval(Value out) {
        Variable v = variable;
        if (op == CREATE) {
            rhs.eval(out);
        } else if (op == ASSIGN) {
            if (!v.exists()) {
                throw notDeclared();
            }
            rhs.eval(out);
        } else {
            if (v.kind() == ValueKind.EMPTY) {
                if (ecma && !v.exists()) {
                    throw notDeclared();
                }
                if (!ecma) {
                    throw new ExpressionException(name, "'" + name + " " + Ops.text(op) + "=' needs a value in '" + name
                            + "', which has none: initialise it first, e.g. '" + name + " := 0'");
                }
            }
            readCurrent();
            rhs.eval(operand);
            if (!ecma && op != Ops.ADD && (operand.kind == Value.STR || current.kind == Value.STR)) {
                throw new ExpressionException(name, "'" + Ops.text(op) + "=' does not work on strings ('" + name + "' is "
                        + Ops.describe(current) + ", the right side is " + Ops.describe(operand) + ")");
            }
            ArithNode.apply(op, current, operand, out, ecma);
        }
        store(v, name, out, ecma, enums);
    }

    private void readCurrent() {
        if (!VarNode.load(variable, current, ecma)) {
            current.setUndefined();
        }
    }

    private ExpressionException notDeclared() {
        if (ecma) {
            return new ExpressionException(name, "cannot assign to '" + name + "': it is not declared; declare it in the"
                    + " datamodel (<data id=\"" + name + "\"/>)");
        }
        return new ExpressionException(name, "the entry '" + name + "' does not exist yet: create it with '" + name
                + " := value' instead of '='");
    }

    /**
     * Writes {@code v} into {@code var} with the dialect's rules. Integral numbers go into integer cells as
     * longs, BehaviorTree.CPP 0/1 into boolean cells, BehaviorTree.CPP numeric strings into numeric cells;
     * everything else is offered as is and the variable applies its own type rules.
     */
    public static void store(Variable var, String name, Value v, boolean ecma, Scope enums) {
        try {
            switch (v.kind) {
                case Value.INT:
                    storeInt(var, v.lng, ecma);
                    break;
                case Value.NUM:
                    storeNum(var, v.num, ecma);
                    break;
                case Value.BOOL:
                    var.setBoolean(v.bool);
                    break;
                case Value.STR:
                    if (!ecma && isNumericKind(var.kind())) {
                        storeParsed(var, name, v.str(), enums);
                    } else {
                        var.setObject(v.ref);
                    }
                    break;
                case Value.OBJ:
                    var.setObject(v.ref);
                    break;
                case Value.NULL:
                    var.setObject(Expressions.NULL);
                    break;
                default:
                    if (!ecma) {
                        throw new ExpressionException(name, "nothing to assign to '" + name + "': the right side has no value");
                    }
                    var.clear();
            }
        } catch (ExpressionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ExpressionException(name, "cannot assign " + Ops.describe(v) + " to '" + name + "': " + e.getMessage(), e)
                    .with(v);
        }
    }

    private static void storeInt(Variable var, long l, boolean ecma) {
        ValueKind k = var.kind();
        if (k == ValueKind.DOUBLE) {
            var.setDouble(l);
        } else if (!ecma && k == ValueKind.BOOLEAN && (l == 0 || l == 1)) {
            var.setBoolean(l == 1);
        } else {
            var.setLong(l);
        }
    }

    private static void storeNum(Variable var, double d, boolean ecma) {
        ValueKind k = var.kind();
        if (k == ValueKind.LONG && d == (long) d && Math.abs(d) < 0x1p63) {
            var.setLong((long) d);
        } else if (!ecma && k == ValueKind.BOOLEAN && (d == 0 || d == 1)) {
            var.setBoolean(d == 1);
        } else {
            var.setDouble(d);
        }
    }

    private static boolean isNumericKind(ValueKind k) {
        return k == ValueKind.LONG || k == ValueKind.DOUBLE || k == ValueKind.BOOLEAN;
    }

    /** BehaviorTree.CPP: a string assigned to a numeric entry is converted (as convertFromString would). */
    private static void storeParsed(Variable var, String name, String s, Scope enums) {
        ValueKind k = var.kind();
        if (k == ValueKind.BOOLEAN) {
            switch (s) {
                case "true": case "TRUE": case "True": case "1":
                    var.setBoolean(true);
                    return;
                case "false": case "FALSE": case "False": case "0":
                    var.setBoolean(false);
                    return;
                default:
                    throw new ExpressionException(name, "cannot assign string '" + Ops.oneLine(s) + "' to the boolean entry '"
                            + name + "': write true, false, 1 or 0");
            }
        }
        double d = Ops.btcppStringToNumber(s, enums);
        if (Double.isNaN(d)) {
            throw new ExpressionException(name, "cannot assign string '" + Ops.oneLine(s) + "' to the numeric entry '" + name
                    + "': it is not a number");
        }
        if (k == ValueKind.LONG) {
            if (d != (long) d) {
                throw new ExpressionException(name, "cannot assign string '" + Ops.oneLine(s) + "' to the integer entry '"
                        + name + "': it is not an integer");
            }
            var.setLong((long) d);
        } else {
            var.setDouble(d);
        }
    }
}
