package io.canopy.statemachine.ecma;

import io.canopy.statemachine.Payloads;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses inline {@code <content>} that is a JSON (or ECMAScript object-literal) value into maps, lists,
 * strings, numbers and booleans, as the ECMAScript datamodel requires (SCXML B.2.1). Returns null when the
 * text is not such a value; the caller then keeps it as text.
 */
public final class JsonLiteral {
    private final String s;
    private int i;

    private JsonLiteral(String s) {
        this.s = s;
    }

    public static Object parse(String text) {
        JsonLiteral p = new JsonLiteral(text.trim());
        try {
            Object v = p.value();
            p.space();
            return p.i == p.s.length() ? v : null;
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private IllegalArgumentException bad() {
        return new IllegalArgumentException("not JSON at " + i);
    }

    private Object value() {
        space();
        char c = s.charAt(i);
        if (c == '{') {
            return object();
        }
        if (c == '[') {
            return array();
        }
        if (c == '"' || c == '\'') {
            return string();
        }
        int start = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || "+-._$".indexOf(s.charAt(i)) >= 0)) {
            i++;
        }
        String word = s.substring(start, i);
        switch (word) {
            case "true":
                return Boolean.TRUE;
            case "false":
                return Boolean.FALSE;
            case "null":
                return null;
            default:
                Object n = Payloads.number(word);
                if (n == null) {
                    throw bad();
                }
                return n;
        }
    }

    private String string() {
        char quote = s.charAt(i++);
        StringBuilder out = new StringBuilder();
        while (s.charAt(i) != quote) {
            char c = s.charAt(i++);
            if (c == '\\') {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n':
                        out.append('\n');
                        break;
                    case 't':
                        out.append('\t');
                        break;
                    case 'u':
                        out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default:
                        out.append(e);
                }
            } else {
                out.append(c);
            }
        }
        i++;
        return out.toString();
    }

    private Map<String, Object> object() {
        i++;
        Map<String, Object> map = new LinkedHashMap<>();
        space();
        if (s.charAt(i) == '}') {
            i++;
            return map;
        }
        while (true) {
            space();
            String key;
            if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                key = string();
            } else {
                int start = i;
                while (Character.isJavaIdentifierPart(s.charAt(i))) {
                    i++;
                }
                if (start == i) {
                    throw bad();
                }
                key = s.substring(start, i);
            }
            space();
            if (s.charAt(i++) != ':') {
                throw bad();
            }
            map.put(key, value());
            space();
            char c = s.charAt(i++);
            if (c == '}') {
                return Collections.unmodifiableMap(map);
            }
            if (c != ',') {
                throw bad();
            }
        }
    }

    private List<Object> array() {
        i++;
        List<Object> list = new ArrayList<>();
        space();
        if (s.charAt(i) == ']') {
            i++;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            char c = s.charAt(i++);
            if (c == ']') {
                return Collections.unmodifiableList(list);
            }
            if (c != ',') {
                throw bad();
            }
        }
    }
}
