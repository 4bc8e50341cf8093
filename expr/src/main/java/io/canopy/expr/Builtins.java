package io.canopy.expr;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ECMASCRIPT standard library subset that SCXML documents use: global functions ({@code String(x)},
 * {@code Number(x)}, {@code Boolean(x)}, {@code parseInt}, {@code parseFloat}, {@code isNaN}, {@code
 * isFinite}), {@code Math} ({@code Math.max(a, b)}, {@code Math.PI}...), and methods of strings, arrays
 * (Java lists and arrays) and objects (maps). Values are Java values as {@link ExprFunction} receives them.
 * Calls allocate (their arguments array, the results they build).
 */
public final class Builtins {
    /** The {@code Math} object: its constants are members, its functions are called through {@link #call}. */
    static final MemberAccess MATH = new MemberAccess() {
        @Override
        public Object member(String name) {
            switch (name) {
                case "PI": return Math.PI;
                case "E": return Math.E;
                case "LN2": return Math.log(2);
                case "LN10": return Math.log(10);
                case "SQRT2": return Math.sqrt(2);
                default: return Expressions.UNDEFINED;
            }
        }

        @Override
        public String toString() {
            return "[object Math]";
        }
    };

    private Builtins() {}

    static boolean isGlobalFunction(String name) {
        switch (name) {
            case "String":
            case "Number":
            case "Boolean":
            case "parseInt":
            case "parseFloat":
            case "isNaN":
            case "isFinite":
                return true;
            default:
                return false;
        }
    }

    /** Calls a global function (see {@link #isGlobalFunction}). */
    public static Object global(String name, Object[] args) {
        Value a = arg(args, 0);
        switch (name) {
            case "String":
                return args.length == 0 ? "" : Ops.toStr(a);
            case "Number":
                return args.length == 0 ? 0L : number(Ops.toNumber(a));
            case "Boolean":
                return Ops.truthy(a);
            case "parseFloat":
                return number(parseFloat(Ops.toStr(a).strip()));
            case "parseInt":
                return number(parseInt(Ops.toStr(a).strip(), args.length > 1 ? (int) Ops.toNumber(arg(args, 1)) : 0));
            case "isNaN":
                return Double.isNaN(Ops.toNumber(a));
            default:
                double d = Ops.toNumber(a);
                return !Double.isNaN(d) && !Double.isInfinite(d);
        }
    }

    /** Calls {@code target.name(args)}: a Math function, or a method of a string, array, object or number. */
    public static Object call(Object target, String name, Object[] args) {
        if (target == MATH) {
            return math(name, args);
        }
        if (target instanceof String) {
            return string((String) target, name, args);
        }
        if (target instanceof List || target != null && target.getClass().isArray()) {
            return array(asList(target), name, args);
        }
        if (target instanceof Number) {
            return number((Number) target, name, args);
        }
        if (target instanceof Map && name.equals("hasOwnProperty")) {
            return ((Map<?, ?>) target).containsKey(Ops.toStr(arg(args, 0)));
        }
        if (target instanceof MemberAccess && name.equals("hasOwnProperty")) {
            return ((MemberAccess) target).hasMember(Ops.toStr(arg(args, 0)));
        }
        throw notAFunction(target, name);
    }

    private static ExpressionException notAFunction(Object target, String name) {
        Value v = new Value();
        Ops.fromJava(target, v, true);
        return new ExpressionException(null, Ops.describe(v) + " has no method '" + name + "' (TypeError)");
    }

    private static Value arg(Object[] args, int i) {
        Value v = new Value();
        Ops.fromJava(i < args.length ? args[i] : Expressions.UNDEFINED, v, true);
        return v;
    }

    private static double num(Object[] args, int i) {
        return Ops.toNumber(arg(args, i));
    }

    /** A double as the Java value scripts see: a Long when it is a safe integer (not -0). */
    static Object number(double d) {
        if (d == (long) d && Math.abs(d) < 0x1p53 && !(d == 0 && 1 / d < 0)) {
            return (long) d;
        }
        return d;
    }

    private static Object math(String name, Object[] args) {
        switch (name) {
            case "abs": return number(Math.abs(num(args, 0)));
            case "floor": return number(Math.floor(num(args, 0)));
            case "ceil": return number(Math.ceil(num(args, 0)));
            case "round": return number(Math.floor(num(args, 0) + 0.5));
            case "trunc": return number(num(args, 0) < 0 ? Math.ceil(num(args, 0)) : Math.floor(num(args, 0)));
            case "sign": return number(Math.signum(num(args, 0)));
            case "sqrt": return number(Math.sqrt(num(args, 0)));
            case "pow": return number(StrictMath.pow(num(args, 0), num(args, 1)));
            case "exp": return number(Math.exp(num(args, 0)));
            case "log": return number(Math.log(num(args, 0)));
            case "sin": return number(Math.sin(num(args, 0)));
            case "cos": return number(Math.cos(num(args, 0)));
            case "tan": return number(Math.tan(num(args, 0)));
            case "atan2": return number(Math.atan2(num(args, 0), num(args, 1)));
            case "random": return Math.random();
            case "max":
            case "min": {
                boolean max = name.equals("max");
                double r = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                for (int i = 0; i < args.length; i++) {
                    double d = num(args, i);
                    if (Double.isNaN(d)) {
                        return Double.NaN;
                    }
                    r = max ? Math.max(r, d) : Math.min(r, d);
                }
                return number(r);
            }
            default:
                throw new ExpressionException(null, "Math." + name + " is not a function (TypeError)");
        }
    }

    private static Object string(String s, String name, Object[] args) {
        switch (name) {
            case "charAt": {
                int i = (int) num(args, 0);
                return i >= 0 && i < s.length() ? String.valueOf(s.charAt(i)) : "";
            }
            case "charCodeAt": {
                int i = (int) num(args, 0);
                return i >= 0 && i < s.length() ? (Object) (long) s.charAt(i) : Double.NaN;
            }
            case "indexOf":
                return (long) s.indexOf(Ops.toStr(arg(args, 0)), args.length > 1 ? Math.max(0, (int) num(args, 1)) : 0);
            case "lastIndexOf":
                return (long) s.lastIndexOf(Ops.toStr(arg(args, 0)));
            case "includes":
                return s.contains(Ops.toStr(arg(args, 0)));
            case "startsWith":
                return s.startsWith(Ops.toStr(arg(args, 0)));
            case "endsWith":
                return s.endsWith(Ops.toStr(arg(args, 0)));
            case "toUpperCase":
                return s.toUpperCase(Locale.ROOT);
            case "toLowerCase":
                return s.toLowerCase(Locale.ROOT);
            case "trim":
                return s.strip();
            case "toString":
            case "valueOf":
                return s;
            case "concat": {
                StringBuilder sb = new StringBuilder(s);
                for (int i = 0; i < args.length; i++) {
                    sb.append(Ops.toStr(arg(args, i)));
                }
                return sb.toString();
            }
            case "substring": {
                int a = clamp(num(args, 0), s.length());
                int b = args.length > 1 && args[1] != Expressions.UNDEFINED ? clamp(num(args, 1), s.length()) : s.length();
                return s.substring(Math.min(a, b), Math.max(a, b));
            }
            case "substr": {
                int a = relative(num(args, 0), s.length());
                int len = args.length > 1 ? (int) Math.max(0, num(args, 1)) : s.length();
                return s.substring(a, Math.min(s.length(), a + len));
            }
            case "slice": {
                int a = relative(num(args, 0), s.length());
                int b = args.length > 1 && args[1] != Expressions.UNDEFINED ? relative(num(args, 1), s.length()) : s.length();
                return a < b ? s.substring(a, b) : "";
            }
            case "split": {
                List<Object> out = new ArrayList<>();
                if (args.length == 0 || args[0] == Expressions.UNDEFINED) {
                    out.add(s);
                    return out;
                }
                String sep = Ops.toStr(arg(args, 0));
                if (sep.isEmpty()) {
                    for (int i = 0; i < s.length(); i++) {
                        out.add(String.valueOf(s.charAt(i)));
                    }
                    return out;
                }
                int from = 0;
                for (int at = s.indexOf(sep); at >= 0; at = s.indexOf(sep, from)) {
                    out.add(s.substring(from, at));
                    from = at + sep.length();
                }
                out.add(s.substring(from));
                return out;
            }
            default:
                throw notAFunction(s, name);
        }
    }

    private static int clamp(double d, int len) {
        return Double.isNaN(d) ? 0 : (int) Math.max(0, Math.min(len, d));
    }

    private static int relative(double d, int len) {
        if (Double.isNaN(d)) {
            return 0;
        }
        int i = (int) d;
        return i < 0 ? Math.max(0, len + i) : Math.min(len, i);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> asList(Object o) {
        if (o instanceof List) {
            return (List<Object>) o;
        }
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < Array.getLength(o); i++) {
            out.add(Array.get(o, i));
        }
        return out;
    }

    private static Object array(List<Object> list, String name, Object[] args) {
        switch (name) {
            case "concat": {
                List<Object> out = new ArrayList<>(list);
                for (Object a : args) {
                    if (a instanceof List || a != null && a.getClass().isArray()) {
                        out.addAll(asList(a));
                    } else {
                        out.add(a);
                    }
                }
                return out;
            }
            case "indexOf":
            case "includes": {
                Value want = arg(args, 0);
                Value item = new Value();
                for (int i = 0; i < list.size(); i++) {
                    Ops.fromJava(list.get(i), item, true);
                    if (Ops.strictEquals(item, want)) {
                        return name.equals("includes") ? (Object) Boolean.TRUE : (Object) (long) i;
                    }
                }
                return name.equals("includes") ? (Object) Boolean.FALSE : (Object) (-1L);
            }
            case "join": {
                String sep = args.length == 0 || args[0] == Expressions.UNDEFINED ? "," : Ops.toStr(arg(args, 0));
                StringBuilder sb = new StringBuilder();
                Value item = new Value();
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) {
                        sb.append(sep);
                    }
                    Object x = list.get(i);
                    if (x != null && x != Expressions.UNDEFINED && x != Expressions.NULL) {
                        Ops.fromJava(x, item, true);
                        sb.append(Ops.toStr(item));
                    }
                }
                return sb.toString();
            }
            case "slice": {
                int a = relative(args.length > 0 ? num(args, 0) : 0, list.size());
                int b = args.length > 1 && args[1] != Expressions.UNDEFINED ? relative(num(args, 1), list.size()) : list.size();
                return a < b ? new ArrayList<>(list.subList(a, b)) : new ArrayList<>();
            }
            case "push":
                list.addAll(Arrays.asList(args));
                return (long) list.size();
            case "pop":
                return list.isEmpty() ? Expressions.UNDEFINED : list.remove(list.size() - 1);
            case "shift":
                return list.isEmpty() ? Expressions.UNDEFINED : list.remove(0);
            case "unshift":
                list.addAll(0, Arrays.asList(args));
                return (long) list.size();
            case "reverse": {
                Collections.reverse(list);
                return list;
            }
            case "toString":
                return Ops.objectToString(list);
            default:
                throw notAFunction(list, name);
        }
    }

    private static Object number(Number n, String name, Object[] args) {
        double d = n.doubleValue();
        switch (name) {
            case "toString":
            case "valueOf": {
                Value v = new Value();
                Ops.fromJava(n, v, true);
                return name.equals("valueOf") ? n : Ops.toStr(v);
            }
            case "toFixed":
                return new BigDecimal(d).setScale(args.length == 0 ? 0 : (int) num(args, 0),
                        RoundingMode.HALF_UP).toPlainString();
            default:
                throw notAFunction(n, name);
        }
    }

    static double parseFloat(String s) {
        int i = 0;
        int n = s.length();
        if (s.startsWith("Infinity") || s.startsWith("+Infinity")) {
            return Double.POSITIVE_INFINITY;
        }
        if (s.startsWith("-Infinity")) {
            return Double.NEGATIVE_INFINITY;
        }
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && Ops.isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && Ops.isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        int end = i;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            if (j < n && Ops.isDigit(s.charAt(j))) {
                while (j < n && Ops.isDigit(s.charAt(j))) {
                    j++;
                }
                end = j;
            }
        }
        String t = s.substring(0, end);
        return Double.parseDouble(t.endsWith(".") ? t + "0" : t);
    }

    static double parseInt(String s, int radix) {
        int i = 0;
        int n = s.length();
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        if ((radix == 0 || radix == 16) && i + 1 < n && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')) {
            i += 2;
            radix = 16;
        }
        if (radix == 0) {
            radix = 10;
        }
        if (radix < 2 || radix > 36) {
            return Double.NaN;
        }
        double v = 0;
        int digits = 0;
        while (i < n && Character.digit(s.charAt(i), radix) >= 0) {
            v = v * radix + Character.digit(s.charAt(i), radix);
            i++;
            digits++;
        }
        if (digits == 0) {
            return Double.NaN;
        }
        return negative ? -v : v;
    }
}
