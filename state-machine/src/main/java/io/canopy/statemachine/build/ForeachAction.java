package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.ValueExpr;
import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Map;

/**
 * {@code <foreach array item [index]>}: runs its content once per element of a shallow copy of the array
 * (a list, a Java array or the values of a map), assigning {@code item} (and {@code index}). A value that is
 * not a collection, or an item that is not a variable name, raises {@code error.execution} (SCXML 4.6).
 */
final class ForeachAction implements Action {
    private final ValueExpr array;
    private final Location item;
    private final Location index;
    private final Action body;

    ForeachAction(ValueExpr array, Location item, Location index, Action body) {
        this.array = array;
        this.item = item;
        this.index = index;
        this.body = body;
    }

    @Override
    public void run(Machine m) {
        Object value = array.get(m);
        Object[] copy;
        if (value instanceof Collection) {
            copy = ((Collection<?>) value).toArray();
        } else if (value instanceof Map) {
            copy = ((Map<?, ?>) value).values().toArray();
        } else if (value != null && value.getClass().isArray()) {
            copy = new Object[Array.getLength(value)];
            for (int i = 0; i < copy.length; i++) {
                copy[i] = Array.get(value, i);
            }
        } else {
            throw new IllegalArgumentException("<foreach array> is " + value + ", not an array");
        }
        for (int i = 0; i < copy.length; i++) {
            item.set(m, copy[i]);
            if (index != null) {
                index.set(m, (long) i);
            }
            if (body != null) {
                body.run(m);
            }
        }
    }
}
