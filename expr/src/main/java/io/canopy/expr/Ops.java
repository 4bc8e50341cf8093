package io.canopy.expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Operator codes and the value conversions of both dialects. */
public final class Ops {
    public static final int EQ = 0, NE = 1, SEQ = 2, SNE = 3, LT = 4, GT = 5, LE = 6, GE = 7;
    public static final int ADD = 10, SUB = 11, MUL = 12, DIV = 13, MOD = 14, BAND = 15, BOR = 16, BXOR = 17, CONCAT = 18;
    public static final int AND = 20, OR = 21;
    /** ECMASCRIPT only: shifts and exponentiation. */
    public static final int SHL = 30, SHR = 31, USHR = 32, POW = 33;

    /** BehaviorTree.CPP compares reals with the float epsilon. */
    static final double BTCPP_EPSILON = Math.ulp(1.0f);

    private Ops() {}

    public static String text(int op) {
        switch (op) {
            case EQ: return "==";
            case NE: return "!=";
            case SEQ: return "===";
            case SNE: return "!==";
            case LT: return "<";
            case GT: return ">";
            case LE: return "<=";
            case GE: return ">=";
            case ADD: return "+";
            case SUB: return "-";
            case MUL: return "*";
            case DIV: return "/";
            case MOD: return "%";
            case BAND: return "&";
            case BOR: return "|";
            case BXOR: return "^";
            case CONCAT: return "..";
            case AND: return "&&";
            case OR: return "||";
            case SHL: return "<<";
            case SHR: return ">>";
            case USHR: return ">>>";
            case POW: return "**";
            default: return "?";
        }
    }

    public static String oneLine(String s) {
        if (s.indexOf('\n') < 0 && s.indexOf('\r') < 0 && s.indexOf('\t') < 0) {
            return s;
        }
        return s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    }

    /** {@code s} cut to about {@code max} characters around {@code at}, with "..." where text was cut. */
    static String abbreviate(String s, int at, int max) {
        if (s.length() <= max) {
            return s;
        }
        int from = Math.max(0, Math.min(at - max / 2, s.length() - max));
        int to = Math.min(s.length(), from + max);
        return (from > 0 ? "..." : "") + s.substring(from, to) + (to < s.length() ? "..." : "");
    }

    // ---------------------------------------------------------------- numbers and strings

    /** JavaScript's Number-to-String: 3, 2.5, 1e+21, 1e-7, NaN, Infinity. */
    static String formatNumber(double d) {
        if (d == (long) d && Math.abs(d) < 1e18) {
            return Long.toString((long) d);
        }
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        double a = Math.abs(d);
        String s = Double.toString(d);
        if (a >= 1e-6 && a < 1e21) {
            return new BigDecimal(s).stripTrailingZeros().toPlainString();
        }
        int e = s.indexOf('E');
        String mantissa = s.substring(0, e);
        if (mantissa.endsWith(".0")) {
            mantissa = mantissa.substring(0, mantissa.length() - 2);
        }
        String exp = s.substring(e + 1);
        return mantissa + "e" + (exp.startsWith("-") ? exp : "+" + exp);
    }

    /**
     * BehaviorTree.CPP's string-to-number: the whole string must be a number (sign, digits, fraction,
     * exponent, or 0x hex); anything else, surrounding spaces included, gives NaN.
     */
    public static double parseStrict(String s) {
        int n = s.length();
        if (n == 0) {
            return Double.NaN;
        }
        int i = 0;
        if (s.charAt(0) == '+' || s.charAt(0) == '-') {
            i++;
        }
        if (n - i > 2 && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')) {
            for (int j = i + 2; j < n; j++) {
                if (Character.digit(s.charAt(j), 16) < 0) {
                    return Double.NaN;
                }
            }
            if (n - i - 2 > 15) {
                return Double.NaN;
            }
            long v = Long.parseLong(s.substring(i + 2), 16);
            return s.charAt(0) == '-' ? -v : v;
        }
        int digits = 0;
        long whole = 0;
        while (i < n && isDigit(s.charAt(i))) {
            whole = whole * 10 + (s.charAt(i) - '0');
            i++;
            digits++;
        }
        if (i == n && digits > 0 && digits <= 15) {
            return s.charAt(0) == '-' ? -whole : whole; // integers parse without allocating
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int expDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                expDigits++;
            }
            if (expDigits == 0) {
                return Double.NaN;
            }
        }
        return i == n ? Double.parseDouble(s) : Double.NaN;
    }

    /**
     * BehaviorTree.CPP's StringToDouble: {@code true}/{@code false} are 1/0, the name of a scripting enum
     * (a constant of the scope, looked up only on this mixed-type path) its value, else {@link #parseStrict}.
     */
    public static double btcppStringToNumber(String s, Scope enums) {
        double d = parseStrict(s);
        if (!Double.isNaN(d)) {
            return d;
        }
        if (s.equals("true")) {
            return 1;
        }
        if (s.equals("false")) {
            return 0;
        }
        Object constant = enums == null || s.isEmpty() ? null : enums.constant(s);
        return constant instanceof Number ? ((Number) constant).doubleValue() : Double.NaN;
    }

    /** ECMAScript ToNumber for strings: trimmed, empty is 0, Infinity, 0x hex; otherwise NaN. */
    static double esParse(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return 0;
        }
        switch (t) {
            case "Infinity":
            case "+Infinity":
                return Double.POSITIVE_INFINITY;
            case "-Infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                break;
        }
        if (t.length() > 2 && t.charAt(0) == '0' && (t.charAt(1) == 'x' || t.charAt(1) == 'X')) {
            for (int j = 2; j < t.length(); j++) {
                if (Character.digit(t.charAt(j), 16) < 0) {
                    return Double.NaN;
                }
            }
            return new BigInteger(t.substring(2), 16).doubleValue();
        }
        // JS also accepts "5." and ".5"
        String u = t.endsWith(".") ? t + "0" : t;
        return parseStrict(u);
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // ---------------------------------------------------------------- conversions of a Value

    /** ECMAScript truthiness. */
    public static boolean truthy(Value v) {
        switch (v.kind) {
            case Value.BOOL: return v.bool;
            case Value.INT:
            case Value.NUM: return v.num != 0 && !Double.isNaN(v.num);
            case Value.STR: return !v.str().isEmpty();
            case Value.OBJ: return true;
            default: return false;
        }
    }

    /** ECMAScript ToNumber. */
    public static double toNumber(Value v) {
        switch (v.kind) {
            case Value.BOOL:
            case Value.INT:
            case Value.NUM: return v.num;
            case Value.NULL: return 0;
            case Value.STR: return esParse(v.str());
            case Value.OBJ: return esParse(objectToString(v.ref));
            default: return Double.NaN;
        }
    }

    /** ECMAScript ToInt32 (for the bitwise operators). */
    public static int toInt32(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return 0;
        }
        if (Math.abs(d) >= 0x1p63) {
            d = d % 4294967296.0;
        }
        return (int) (long) d;
    }

    /** ECMAScript ToString (also used for BehaviorTree.CPP concatenation). */
    public static String toStr(Value v) {
        switch (v.kind) {
            case Value.UNDEFINED: return "undefined";
            case Value.NULL: return "null";
            case Value.BOOL: return v.bool ? "true" : "false";
            case Value.INT: return Long.toString(v.lng);
            case Value.NUM: return formatNumber(v.num);
            case Value.STR: return (String) v.ref;
            default: return objectToString(v.ref);
        }
    }

    /**
     * ECMAScript ToString of an object: an array (a Java list or array) joins its items with ',' (null and
     * undefined as empty), a plain object (a map) is "[object Object]"; other objects their toString.
     */
    static String objectToString(Object o) {
        if (o instanceof List) {
            StringBuilder sb = new StringBuilder();
            List<?> list = (List<?>) o;
            Value item = new Value();
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                Object x = list.get(i);
                if (x != null && x != Expressions.UNDEFINED && x != Expressions.NULL) {
                    fromJava(x, item, true);
                    sb.append(toStr(item));
                }
            }
            return sb.toString();
        }
        if (o instanceof Map) {
            return "[object Object]";
        }
        if (o instanceof ExprFunction) {
            return "function () { [native code] }";
        }
        return String.valueOf(o);
    }

    /** BehaviorTree.CPP conversion to bool: numbers 0 and 1, strings true/false/1/0. Anything else throws. */
    public static boolean btcppBool(Value v) {
        if (v.kind == Value.NUM || v.kind == Value.INT) { // small fast path, inlined by the JIT
            if (v.num == 1) {
                return true;
            }
            if (v.num == 0) {
                return false;
            }
        }
        return btcppBoolSlow(v);
    }

    private static boolean btcppBoolSlow(Value v) {
        switch (v.kind) {
            case Value.BOOL:
                return v.bool;
            case Value.INT:
            case Value.NUM:
                if (v.num == 1) {
                    return true;
                }
                if (v.num == 0) {
                    return false;
                }
                throw new ExpressionException(null, "the value " + describe(v)
                        + " is not a boolean: only 0 and 1 (true and false) convert to a boolean; compare it, e.g. 'x != 0'").with(v);
            case Value.STR:
                switch (v.str()) {
                    case "true": case "TRUE": case "True": case "1": return true;
                    case "false": case "FALSE": case "False": case "0": return false;
                    default: break;
                }
                throw new ExpressionException(null, "the value " + describe(v)
                        + " is not a boolean: only 'true', 'false', '1' and '0' convert; compare it, e.g. \"s == 'on'\"").with(v);
            case Value.UNDEFINED:
                throw new ExpressionException(null, "the script has no value to use as a boolean");
            default:
                throw new ExpressionException(null, "the value " + describe(v) + " is not a boolean").with(v);
        }
    }

    /** A value for error messages: {@code number 3}, {@code string 'ab'}, {@code undefined}. */
    public static String describe(Value v) {
        switch (v.kind) {
            case Value.UNDEFINED: return "undefined";
            case Value.NULL: return "null";
            case Value.BOOL: return "boolean " + v.bool;
            case Value.INT:
            case Value.NUM: return "number " + formatNumber(v.num);
            case Value.STR: return "string '" + oneLine(v.str()) + "'";
            default: return "object " + v.ref.getClass().getSimpleName() + " " + oneLine(String.valueOf(v.ref));
        }
    }

    /** The ECMAScript {@code typeof} result (constant strings: no allocation). */
    public static String typeOf(Value v) {
        switch (v.kind) {
            case Value.UNDEFINED: return "undefined";
            case Value.BOOL: return "boolean";
            case Value.INT:
            case Value.NUM: return "number";
            case Value.STR: return "string";
            default: return v.ref instanceof ExprFunction ? "function" : "object";
        }
    }

    // ---------------------------------------------------------------- Java objects

    /** The value as a Java object: Boolean, Long, Double, String, null, {@link Expressions#UNDEFINED}, other. */
    public static Object toJava(Value v) {
        switch (v.kind) {
            case Value.UNDEFINED: return Expressions.UNDEFINED;
            case Value.NULL: return null;
            case Value.BOOL: return v.bool ? Boolean.TRUE : Boolean.FALSE;
            case Value.INT: return v.lng;
            case Value.NUM: return v.num;
            default: return v.ref;
        }
    }

    /**
     * Loads a Java object; BehaviorTree.CPP booleans become the integers 1/0. Exact class tests first (cheap),
     * no interface checks: other {@code CharSequence}s stay objects.
     */
    public static void fromJava(Object o, Value out, boolean ecma) {
        if (o == null) {
            out.setNull();
            return;
        }
        Class<?> c = o.getClass();
        if (c == String.class) {
            out.setStr((String) o);
        } else if (c == Long.class || c == Integer.class || c == Short.class || c == Byte.class) {
            out.setInt(((Number) o).longValue());
        } else if (c == Double.class || c == Float.class) {
            out.setNum(((Number) o).doubleValue());
        } else if (c == Boolean.class) {
            if (ecma) {
                out.setBool((Boolean) o);
            } else {
                out.setInt((Boolean) o ? 1 : 0);
            }
        } else if (o == Expressions.UNDEFINED) {
            out.setUndefined();
        } else if (o == Expressions.NULL) {
            out.setNull();
        } else if (o instanceof Number) {
            out.setNum(((Number) o).doubleValue());
        } else if (c == Character.class) {
            out.setStr(o.toString());
        } else {
            out.setObj(o);
        }
    }

    // ---------------------------------------------------------------- equality

    public static boolean strictEquals(Value a, Value b) {
        if (a.isNumber() && b.isNumber()) {
            return a.num == b.num;
        }
        if (a.kind != b.kind) {
            return false;
        }
        switch (a.kind) {
            case Value.UNDEFINED:
            case Value.NULL: return true;
            case Value.BOOL: return a.bool == b.bool;
            case Value.OBJ: return a.ref == b.ref; // objects are equal only to themselves
            default: return Objects.equals(a.ref, b.ref);
        }
    }

    /** ECMAScript {@code ==}. */
    public static boolean looseEquals(Value a, Value b) {
        byte ka = a.kind;
        byte kb = b.kind;
        if (ka == kb || (a.isNumber() && b.isNumber())) {
            return strictEquals(a, b);
        }
        boolean nullishA = ka == Value.UNDEFINED || ka == Value.NULL;
        boolean nullishB = kb == Value.UNDEFINED || kb == Value.NULL;
        if (nullishA || nullishB) {
            return nullishA && nullishB;
        }
        if (ka == Value.STR && kb == Value.OBJ || ka == Value.OBJ && kb == Value.STR) {
            return toStr(a).equals(toStr(b));
        }
        if (ka == Value.OBJ || kb == Value.OBJ) {
            // ToPrimitive of the object (its string), then compare again: [1] == 1, [] == false
            Value prim = new Value();
            Value other = ka == Value.OBJ ? b : a;
            prim.setStr(toStr(ka == Value.OBJ ? a : b));
            return looseEquals(prim, other);
        }
        // number/string/boolean/object mixes compare as numbers
        return toNumber(a) == toNumber(b);
    }

    /** BehaviorTree.CPP {@code ==}: numbers within float epsilon, strings exactly, a numeric string as a number. */
    public static boolean btcppEquals(Value a, Value b, int op, Scope enums) {
        if (a.isNumber() && b.isNumber()) {
            return Math.abs(a.num - b.num) <= BTCPP_EPSILON;
        }
        return btcppEqualsSlow(a, b, op, enums);
    }

    private static boolean btcppEqualsSlow(Value a, Value b, int op, Scope enums) {
        if (a.kind == Value.STR && b.kind == Value.STR) {
            return a.ref.equals(b.ref);
        }
        if (a.kind == Value.OBJ && b.kind == Value.OBJ) {
            return Objects.equals(a.ref, b.ref);
        }
        return Math.abs(btcppNumber(a, b, op, enums) - btcppNumber(b, a, op, enums)) <= BTCPP_EPSILON;
    }

    /** BehaviorTree.CPP {@code < > <= >=} (op is one of those codes). */
    public static boolean btcppRelation(Value a, Value b, int op, Scope enums) {
        int c;
        if (a.kind == Value.STR && b.kind == Value.STR) {
            c = a.str().compareTo(b.str());
            return relation(c, op);
        }
        double l = btcppNumber(a, b, op, enums);
        double r = btcppNumber(b, a, op, enums);
        switch (op) {
            case LT: return l < r;
            case GT: return l > r;
            case LE: return l <= r;
            default: return l >= r;
        }
    }

    /** ECMAScript {@code < > <= >=}. */
    public static boolean esRelation(Value a, Value b, int op) {
        if (a.kind == Value.STR && b.kind == Value.STR) {
            return relation(a.str().compareTo(b.str()), op);
        }
        if ((a.kind == Value.OBJ || b.kind == Value.OBJ) && (a.kind == Value.STR || a.kind == Value.OBJ)
                && (b.kind == Value.STR || b.kind == Value.OBJ)) {
            return relation(toStr(a).compareTo(toStr(b)), op);
        }
        double l = toNumber(a);
        double r = toNumber(b);
        switch (op) {
            case LT: return l < r;
            case GT: return l > r;
            case LE: return l <= r;
            default: return l >= r;
        }
    }

    private static boolean relation(int c, int op) {
        switch (op) {
            case LT: return c < 0;
            case GT: return c > 0;
            case LE: return c <= 0;
            default: return c >= 0;
        }
    }

    /** {@code v} as a number for a comparison with {@code other}, or an error naming both operands. */
    private static double btcppNumber(Value v, Value other, int op, Scope enums) {
        if (v.isNumber()) {
            return v.num;
        }
        if (v.kind == Value.STR && other.isNumber()) {
            double d = btcppStringToNumber(v.str(), enums);
            if (!Double.isNaN(d)) {
                return d;
            }
            throw new ExpressionException(null, "cannot compare " + describe(v) + " with " + describe(other)
                    + " using '" + text(op) + "': the string is not a number").with(v, other);
        }
        if (v.kind == Value.UNDEFINED || other.kind == Value.UNDEFINED) {
            throw new ExpressionException(null, "an operand of '" + text(op) + "' has no value");
        }
        throw new ExpressionException(null, "cannot compare " + describe(v) + " with " + describe(other)
                + " using '" + text(op) + "': the types differ").with(v, other);
    }
}
