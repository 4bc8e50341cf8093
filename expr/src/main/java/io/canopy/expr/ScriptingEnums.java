package io.canopy.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BehaviorTree.CPP's scripting enums ({@code registerScriptingEnums}): value names that scripts read as numbers
 * ({@code color == RED}) and that numeric ports accept as literals. Declared by {@code <enum name="Color"
 * values="RED,GREEN,BLUE"/>} (values numbered from 0, or {@code RED=1,GREEN=2}) in a palette, or by a plugin.
 * The same enum declared twice with the same values is one enum; other values, or a value name that two enums
 * number differently, is an error naming both places.
 */
public final class ScriptingEnums {
    /** One value: its enum, its number and where the enum was declared. */
    public record Constant(String enumName, long value, String source) {}

    private final Map<String, Constant> constants = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> enums = new LinkedHashMap<>();
    private final Map<String, String> sources = new LinkedHashMap<>();

    /**
     * Adds enum {@code name} with {@code values} declared at {@code source}; returns the error line (naming
     * both places) when it contradicts what is known, else null.
     */
    public String add(String name, Map<String, Long> values, String source) {
        Map<String, Long> old = enums.get(name);
        if (old != null) {
            return old.equals(values) ? null : source + ": enum '" + name + "' is already declared at "
                    + sources.get(name) + " with other values (" + text(old) + "); declare it once, or give both"
                    + " declarations the same values";
        }
        for (Map.Entry<String, Long> v : values.entrySet()) {
            Constant c = constants.get(v.getKey());
            if (c != null && c.value() != v.getValue()) {
                return source + ": value '" + v.getKey() + "' of enum '" + name + "' is " + v.getValue()
                        + " but value '" + v.getKey() + "' of enum '" + c.enumName() + "' (declared at " + c.source()
                        + ") is " + c.value() + "; scripts could not tell them apart: rename one";
            }
        }
        enums.put(name, Collections.unmodifiableMap(new LinkedHashMap<>(values)));
        sources.put(name, source);
        values.forEach((k, v) -> constants.putIfAbsent(k, new Constant(name, v, source)));
        return null;
    }

    /** Adds every enum of {@code other}; contradictions go to {@code errors}. */
    public void addAll(ScriptingEnums other, List<String> errors) {
        other.enums.forEach((name, values) -> {
            String e = add(name, values, other.sources.get(name));
            if (e != null) {
                errors.add(e);
            }
        });
    }

    public ScriptingEnums copy() {
        ScriptingEnums c = new ScriptingEnums();
        c.addAll(this, new ArrayList<>());
        return c;
    }

    /** The number of value {@code name}, or null when no enum has it. */
    public Long value(String name) {
        Constant c = constants.get(name);
        return c == null ? null : c.value();
    }

    /** The values of enum {@code name} in declaration order, or null when there is no such enum. */
    public Map<String, Long> values(String name) {
        return enums.get(name);
    }

    /** Where enum {@code name} was declared. */
    public String source(String name) {
        return sources.get(name);
    }

    public boolean isEmpty() {
        return enums.isEmpty();
    }

    /** {@code base} with these values as its compile-time constants (looked up before its own). */
    public Scope over(Scope base) {
        return new Scope() {
            @Override
            public Variable variable(String name) {
                return base.variable(name);
            }

            @Override
            public Object constant(String name) {
                Constant c = constants.get(name);
                return c != null ? (Object) c.value() : base.constant(name);
            }

            @Override
            public ExprFunction function(String name, int argCount) {
                return base.function(name, argCount);
            }
        };
    }

    /**
     * The values of {@code values="RED,GREEN,BLUE"} (numbered 0, 1, 2) or {@code "RED=1,GREEN=2"}; an
     * IllegalArgumentException saying what is wrong.
     */
    public static Map<String, Long> parse(String values) {
        Map<String, Long> out = new LinkedHashMap<>();
        long next = 0;
        for (String part : values.split(",", -1)) {
            String p = part.strip();
            String name = p;
            long v = next;
            int eq = p.indexOf('=');
            if (eq >= 0) {
                name = p.substring(0, eq).strip();
                String num = p.substring(eq + 1).strip();
                try {
                    v = Long.decode(num);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + num + "' (value of " + name + ") is not a whole number;"
                            + " write values=\"RED=1,GREEN=2\" or values=\"RED,GREEN\"");
                }
            }
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("'" + name + "' is not a name (letters, digits, _); write"
                        + " values=\"RED,GREEN,BLUE\"");
            }
            if (out.containsKey(name)) {
                throw new IllegalArgumentException("value '" + name + "' is listed twice; list each value once");
            }
            out.put(name, v);
            next = v + 1;
        }
        return out;
    }

    private static String text(Map<String, Long> values) {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }
}
