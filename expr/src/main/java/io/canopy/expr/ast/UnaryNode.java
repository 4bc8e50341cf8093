package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/** The prefix operators {@code - + ! ~}. */
public final class UnaryNode extends ExprNode {
    public static final int NEG = 0;
    public static final int PLUS = 1;
    public static final int NOT = 2;
    public static final int COMPLEMENT = 3;

    private final int op;
    private final ExprNode operand;
    private final boolean ecma;

    public UnaryNode(int op, ExprNode operand, boolean ecma) {
        this.op = op;
        this.operand = operand;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        operand.eval(out);
        if (ecma) {
            evalEcma(out);
            return;
        }
        if (!out.isNumber()) {
            throw new ExpressionException(null, "the operator '" + text() + "' needs a number, got " + Ops.describe(out)
                    + (op == NOT ? "; compare the value instead, e.g. \"s == ''\"" : "")).with(out);
        }
        switch (op) {
            case NEG:
                if (out.kind == Value.INT && out.lng != Long.MIN_VALUE) {
                    out.setInt(-out.lng);
                } else {
                    out.setNum(-out.num);
                }
                return;
            case PLUS:
                return;
            case NOT:
                out.setNum(out.num == 0 ? 1 : 0);
                return;
            default:
                if (out.num != (long) out.num) {
                    throw new ExpressionException(null, "the operator '~' needs an integer, got " + Ops.describe(out)).with(out);
                }
                out.setNum(~(long) out.num);
        }
    }

    private void evalEcma(Value out) {
        switch (op) {
            case NEG:
                if (out.kind == Value.INT && out.lng != 0 && out.lng != Long.MIN_VALUE) {
                    out.setInt(-out.lng);
                } else {
                    out.setNum(-Ops.toNumber(out));
                }
                return;
            case PLUS:
                if (out.kind != Value.INT) {
                    out.setNum(Ops.toNumber(out));
                }
                return;
            case NOT:
                out.setBool(!Ops.truthy(out));
                return;
            default:
                out.setInt(~Ops.toInt32(Ops.toNumber(out)));
        }
    }

    private String text() {
        switch (op) {
            case NEG: return "-";
            case PLUS: return "+";
            case NOT: return "!";
            default: return "~";
        }
    }
}
