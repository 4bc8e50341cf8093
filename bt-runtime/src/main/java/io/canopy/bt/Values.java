package io.canopy.bt;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * String conversion of port values, as BehaviorTree.CPP's {@code convertFromString}: whole-string integers,
 * reals, booleans ({@code true/false/1/0}), enum constants and {@code ;}-separated lists. Each parser throws
 * {@link IllegalArgumentException} with a message that says what was expected.
 */
public final class Values {
    private static final Pattern WHOLE = Pattern.compile("[-+]?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    private Values() {}

    /**
     * The one guess of a typed value from text written in a file: launch-file args and {@code <param>}s, literal
     * SubTree ports, literal list items, SCXML content. Blanks around are ignored; {@code true}/{@code false} is a
     * Boolean, a whole number a Long (a Double beyond the long range), a decimal real ({@code 1.5}, {@code -.5},
     * {@code 1.}, {@code 2e3}) a Double; anything else ({@code NaN}, {@code 0x10}, {@code 1d}, {@code yes}) is the
     * text as written.
     */
    public static Object literal(String text) {
        String t = text.strip();
        if (t.equals("true") || t.equals("false")) {
            return Boolean.valueOf(t);
        }
        Object n = number(t);
        return n != null ? n : text;
    }

    /** A Long or Double when {@code text} (blanks around ignored) is a number as {@link #literal} reads one, else null. */
    public static Object number(String text) {
        String t = text.strip();
        if (WHOLE.matcher(t).matches()) {
            try {
                return Long.parseLong(t.charAt(0) == '+' ? t.substring(1) : t);
            } catch (NumberFormatException beyondLong) {
                return Double.parseDouble(t);
            }
        }
        return DECIMAL.matcher(t).matches() ? Double.parseDouble(t) : null;
    }

    /** True when {@code text} is a whole-string integer (optional sign, digits only). */
    public static boolean isInteger(CharSequence text) {
        int n = text.length();
        if (n == 0) {
            return false;
        }
        int i = text.charAt(0) == '-' || text.charAt(0) == '+' ? 1 : 0;
        if (i == n) {
            return false;
        }
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    public static long parseLong(String text) {
        if (!isInteger(text)) {
            throw new IllegalArgumentException("\"" + text + "\" is not an integer");
        }
        try {
            return Long.parseLong(text.charAt(0) == '+' ? text.substring(1) : text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is out of the integer range");
        }
    }

    /** True when {@code text} is a whole-string real number (no surrounding blanks, no trailing characters). */
    public static boolean isReal(String text) {
        if (text.isEmpty() || Character.isWhitespace(text.charAt(0))
                || Character.isWhitespace(text.charAt(text.length() - 1))) {
            return false;
        }
        char last = text.charAt(text.length() - 1);
        if (last == 'd' || last == 'D' || last == 'f' || last == 'F') {
            return false;
        }
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    public static double parseDouble(String text) {
        if (!isReal(text)) {
            throw new IllegalArgumentException("\"" + text + "\" is not a number");
        }
        return Double.parseDouble(text);
    }

    public static boolean parseBoolean(String text) {
        switch (text) {
            case "true", "TRUE", "True", "1":
                return true;
            case "false", "FALSE", "False", "0":
                return false;
            default:
                throw new IllegalArgumentException("\"" + text + "\" is not a boolean (use true or false)");
        }
    }

    public static <E extends Enum<?>> E parseEnum(Class<E> type, String text) {
        E[] constants = type.getEnumConstants();
        for (E e : constants) {
            if (e.name().equals(text)) {
                return e;
            }
        }
        if (isInteger(text)) {
            long ordinal = parseLong(text);
            if (ordinal >= 0 && ordinal < constants.length) {
                return constants[(int) ordinal];
            }
        }
        StringBuilder names = new StringBuilder();
        for (E e : constants) {
            names.append(names.length() == 0 ? "" : ", ").append(e.name());
        }
        throw new IllegalArgumentException("\"" + text + "\" is not one of " + names);
    }

    /**
     * Splits a {@code ;}-separated list as BT.CPP's {@code splitString}: the empty string is the empty list, an
     * empty part between two separators is kept, a trailing separator adds nothing.
     */
    public static List<String> splitList(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int semi = text.indexOf(';', start);
            if (semi < 0) {
                semi = text.length();
            }
            out.add(text.substring(start, semi));
            start = semi + 1;
        }
        return out;
    }

    public static long[] parseLongList(String text) {
        List<String> parts = splitList(text);
        long[] out = new long[parts.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = parseLong(parts.get(i).trim());
        }
        return out;
    }

    public static double[] parseDoubleList(String text) {
        List<String> parts = splitList(text);
        double[] out = new double[parts.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = parseDouble(parts.get(i).trim());
        }
        return out;
    }

    public static boolean[] parseBooleanList(String text) {
        List<String> parts = splitList(text);
        boolean[] out = new boolean[parts.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = parseBoolean(parts.get(i).trim());
        }
        return out;
    }

    public static String[] parseStringList(String text) {
        return splitList(text).toArray(new String[0]);
    }

    /** Converts a literal to the Java value a port of {@code type} holds; throws IllegalArgumentException. */
    static Object convert(PortType type, Class<? extends Enum<?>> enumType, String text) {
        return switch (type) {
            case INT -> {
                long v = parseLong(text);
                if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("\"" + text + "\" does not fit in an int");
                }
                yield v;
            }
            case LONG -> parseLong(text);
            case DOUBLE -> parseDouble(text);
            case BOOLEAN -> parseBoolean(text);
            case ENUM -> {
                @SuppressWarnings({"unchecked", "rawtypes"})
                Enum<?> e = parseEnum((Class) enumType, text);
                yield e;
            }
            case INT_LIST -> parseLongList(text);
            case DOUBLE_LIST -> parseDoubleList(text);
            case BOOLEAN_LIST -> parseBooleanList(text);
            case STRING_LIST -> parseStringList(text);
            case STRING, ANY -> text;
        };
    }
}
