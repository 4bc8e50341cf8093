package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/** The binary arithmetic, bitwise and concatenation operators: {@code + - * / % & | ^ ..}. */
public final class ArithNode extends ExprNode {
    private final int op;
    private final ExprNode left;
    private final ExprNode right;
    private final boolean ecma;
    private final Value l = new Value();
    private final Value r = new Value();

    public ArithNode(int op, ExprNode left, ExprNode right, boolean ecma) {
        this.op = op;
        this.left = left;
        this.right = right;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        left.eval(l);
        right.eval(r);
        apply(op, l, r, out, ecma);
    }

    static void apply(int op, Value l, Value r, Value out, boolean ecma) {
        if (ecma) {
            applyEcma(op, l, r, out);
        } else {
            applyBtcpp(op, l, r, out);
        }
    }

    private static void applyBtcpp(int op, Value l, Value r, Value out) {
        if (l.kind == Value.UNDEFINED || r.kind == Value.UNDEFINED) {
            throw new ExpressionException(null, "the " + (l.kind == Value.UNDEFINED ? "left" : "right")
                    + " operand of '" + Ops.text(op) + "' has no value");
        }
        boolean numbers = l.isNumber() && r.isNumber();
        switch (op) {
            case Ops.CONCAT:
                out.setStr(Ops.toStr(l).concat(Ops.toStr(r)));
                return;
            case Ops.ADD:
                if (numbers) {
                    out.setNum(l.num + r.num);
                } else if (l.kind == Value.STR || r.kind == Value.STR) {
                    out.setStr(Ops.toStr(l).concat(Ops.toStr(r)));
                } else {
                    throw mismatch(op, l, r, "numbers or strings");
                }
                return;
            default:
                break;
        }
        if (!numbers) {
            throw mismatch(op, l, r, "numbers");
        }
        switch (op) {
            case Ops.SUB:
                out.setNum(l.num - r.num);
                return;
            case Ops.MUL:
                out.setNum(l.num * r.num);
                return;
            case Ops.DIV:
                out.setNum(l.num / r.num);
                return;
            case Ops.MOD:
                out.setNum(l.num % r.num);
                return;
            default:
                break;
        }
        if (l.num != (long) l.num || r.num != (long) r.num) {
            throw mismatch(op, l, r, "integers");
        }
        long a = (long) l.num;
        long b = (long) r.num;
        switch (op) {
            case Ops.BAND:
                out.setNum(a & b);
                return;
            case Ops.BOR:
                out.setNum(a | b);
                return;
            default:
                out.setNum(a ^ b);
        }
    }

    private static void applyEcma(int op, Value l, Value r, Value out) {
        if (op == Ops.ADD || op == Ops.CONCAT) {
            byte kl = l.kind;
            byte kr = r.kind;
            if (kl == Value.STR || kr == Value.STR || kl == Value.OBJ || kr == Value.OBJ || op == Ops.CONCAT) {
                out.setStr(Ops.toStr(l).concat(Ops.toStr(r)));
                return;
            }
            if (kl == Value.INT && kr == Value.INT) {
                long s = l.lng + r.lng;
                if (((l.lng ^ s) & (r.lng ^ s)) >= 0 && Math.abs(s) < (1L << 53)) {
                    out.setInt(s);
                    return;
                }
            }
            out.setNum(Ops.toNumber(l) + Ops.toNumber(r));
            return;
        }
        if (l.kind == Value.INT && r.kind == Value.INT && (op == Ops.SUB || op == Ops.MUL)) {
            long a = l.lng;
            long b = r.lng;
            if (Math.abs(a) < (1L << 26) && Math.abs(b) < (1L << 26)) {
                out.setInt(op == Ops.SUB ? a - b : a * b);
                return;
            }
        }
        double a = Ops.toNumber(l);
        double b = Ops.toNumber(r);
        switch (op) {
            case Ops.SUB:
                out.setNum(a - b);
                return;
            case Ops.MUL:
                out.setNum(a * b);
                return;
            case Ops.DIV:
                out.setNum(a / b);
                return;
            case Ops.MOD:
                out.setNum(a % b);
                return;
            case Ops.BAND:
                out.setInt(Ops.toInt32(a) & Ops.toInt32(b));
                return;
            case Ops.BOR:
                out.setInt(Ops.toInt32(a) | Ops.toInt32(b));
                return;
            case Ops.SHL:
                out.setInt(Ops.toInt32(a) << (Ops.toInt32(b) & 31));
                return;
            case Ops.SHR:
                out.setInt(Ops.toInt32(a) >> (Ops.toInt32(b) & 31));
                return;
            case Ops.USHR:
                out.setInt((Ops.toInt32(a) & 0xFFFFFFFFL) >>> (Ops.toInt32(b) & 31));
                return;
            case Ops.POW:
                out.setNum(Math.abs(a) == 1 && Double.isInfinite(b) ? Double.NaN : StrictMath.pow(a, b));
                return;
            default:
                out.setInt(Ops.toInt32(a) ^ Ops.toInt32(b));
        }
    }

    private static ExpressionException mismatch(int op, Value l, Value r, String needs) {
        return new ExpressionException(null, "'" + Ops.text(op) + "' needs " + needs + ", got " + Ops.describe(l) + " and "
                + Ops.describe(r)).with(l, r);
    }
}
