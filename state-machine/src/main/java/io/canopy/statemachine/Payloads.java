package io.canopy.statemachine;

import io.canopy.bt.Values;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import io.canopy.statemachine.build.Param;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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

    /** A Long or Double when {@code t} is wholly a decimal number, else null ({@link Values#number}). */
    public static Object number(String t) {
        return Values.number(t);
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
            Object json = json(t);
            if (json != null) {
                return json;
            }
        }
        if (t.length() >= 2 && (t.charAt(0) == '\'' || t.charAt(0) == '"') && t.charAt(t.length() - 1) == t.charAt(0)) {
            return t.substring(1, t.length() - 1);
        }
        if (Values.literal(t) instanceof Boolean b) {
            return b;
        }
        return t.replaceAll("\\s+", " ");
    }

    /**
     * A JSON (or ECMAScript object-literal: 'single quotes', unquoted keys) value as maps, lists, strings, Long or
     * Double numbers, booleans and null, read with Gson; null when the text is not one such value (the caller then
     * keeps it as text, SCXML B.2.1). A bare word at the top ({@code hello}) is not a value.
     */
    public static Object json(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        char first = t.charAt(0);
        if (first != '{' && first != '[' && first != '"' && first != '\'' && number(t) == null
                && !t.equals("true") && !t.equals("false")) {
            return null;
        }
        JsonReader r = new JsonReader(new StringReader(t));
        r.setStrictness(Strictness.LENIENT);
        try {
            Object v = read(r);
            return r.peek() == JsonToken.END_DOCUMENT ? v : null;
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            return null;
        }
    }

    private static Object read(JsonReader r) throws IOException {
        switch (r.peek()) {
            case BEGIN_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                r.beginObject();
                while (r.hasNext()) {
                    String key = r.nextName();
                    map.put(key, read(r));
                }
                r.endObject();
                return Collections.unmodifiableMap(map);
            }
            case BEGIN_ARRAY -> {
                List<Object> list = new ArrayList<>();
                r.beginArray();
                while (r.hasNext()) {
                    list.add(read(r));
                }
                r.endArray();
                return Collections.unmodifiableList(list);
            }
            case NUMBER -> {
                Object n = number(r.nextString());
                if (n == null) {
                    throw new NumberFormatException("not a decimal number");
                }
                return n;
            }
            case BOOLEAN -> {
                return r.nextBoolean();
            }
            case NULL -> {
                r.nextNull();
                return null;
            }
            case STRING -> {
                return r.nextString();
            }
            default -> throw new IllegalStateException("not a JSON value: " + r.peek());
        }
    }
}
