package io.canopy.expr;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A dynamically typed, map-backed {@link Scope}: variables are {@link DynamicVariable}s created on first
 * mention, plus registered functions and constants. The map is consulted only when scripts compile.
 *
 * <pre>{@code
 * MapScope scope = new MapScope().function("In", 1, args -> active.contains(args[0]));
 * scope.declare("Var1", 0L);
 * Expressions.compile("Var1 = Var1 + 1", scope, Dialect.ECMASCRIPT).execute();
 * scope.get("Var1");   // 1L
 * }</pre>
 */
public final class MapScope implements Scope {
    private final Map<String, DynamicVariable> variables = new LinkedHashMap<>();
    private final Map<String, ExprFunction> functions = new HashMap<>();
    private final Map<String, Object> constants = new HashMap<>();

    @Override
    public DynamicVariable variable(String name) {
        return variables.computeIfAbsent(name, DynamicVariable::new);
    }

    /** Declares {@code name} (it exists even when {@code value} is null) and sets its value. */
    public DynamicVariable declare(String name, Object value) {
        DynamicVariable v = variable(name);
        v.declare();
        v.setValue(value);
        return v;
    }

    /** The value of {@code name} as a Java object (Boolean, Long, Double, String, object), null when empty. */
    public Object get(String name) {
        DynamicVariable v = variables.get(name);
        return v == null ? null : v.objectValue();
    }

    /** Whether {@code name} exists (declared or assigned). */
    public boolean contains(String name) {
        DynamicVariable v = variables.get(name);
        return v != null && v.exists();
    }

    /** The variables by name (read-only view). */
    public Map<String, DynamicVariable> variables() {
        return Collections.unmodifiableMap(variables);
    }

    /** Registers a function callable as {@code name(...)} with {@code argCount} arguments. */
    public MapScope function(String name, int argCount, ExprFunction function) {
        functions.put(name + "/" + argCount, function);
        return this;
    }

    /** Registers a compile-time constant, such as an enum value ({@code Long}). */
    public MapScope constant(String name, Object value) {
        constants.put(name, value);
        return this;
    }

    @Override
    public Object constant(String name) {
        return constants.get(name);
    }

    @Override
    public ExprFunction function(String name, int argCount) {
        return functions.get(name + "/" + argCount);
    }
}
