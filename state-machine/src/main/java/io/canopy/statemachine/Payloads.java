package io.canopy.statemachine;

import io.canopy.statemachine.build.Param;
import io.canopy.statemachine.ecma.JsonLiteral;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds event data from {@code <param>}/namelist (a map) or {@code <content>} (the value itself). */
public final class Payloads {
    private Payloads() {}

    /** Returns null when there is nothing; allocates a map only when there are params. */
    public static Object build(Machine m, Param[] params, ValueExpr content) {
        if (content != null) {
            return content.get(m);
        }
        if (params == null || params.length == 0) {
            return null;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (Param p : params) {
            map.put(p.name, p.value.get(m));
        }
        return map;
    }

    /** A Long or Double when {@code t} is wholly a decimal number, else null. */
    public static Object number(String t) {
        try {
            if (t.matches("-?\\d{1,18}")) {
                return Long.parseLong(t);
            }
            if (t.matches("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
                return Double.parseDouble(t);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    /** Interprets inline {@code <content>} or a {@code src} file as a value: a number if it is one, else text. */
    public static Object literal(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            return null;
        }
        Object number = number(t);
        if (number != null) {
            return number;
        }
        char first = t.charAt(0);
        if (first == '{' || first == '[') {
            Object json = JsonLiteral.parse(t);
            if (json != null) {
                return json;
            }
        }
        if (t.length() >= 2 && (t.charAt(0) == '\'' || t.charAt(0) == '"') && t.charAt(t.length() - 1) == t.charAt(0)) {
            return t.substring(1, t.length() - 1);
        }
        if (t.equals("true") || t.equals("false")) {
            return Boolean.valueOf(t);
        }
        return t.replaceAll("\\s+", " ");
    }
}
