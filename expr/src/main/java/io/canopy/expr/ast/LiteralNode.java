package io.canopy.expr.ast;

import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ECMAScript array {@code [a, b]} and object {@code {k: v}} literals: a new {@code ArrayList} or {@code
 * LinkedHashMap} of Java values on every evaluation (this allocates, as object creation does in JavaScript).
 */
public final class LiteralNode extends ExprNode {
    /** Keys of an object literal, or null for an array literal. */
    private final String[] keys;
    private final ExprNode[] values;
    private final Value item = new Value();

    public LiteralNode(String[] keys, ExprNode[] values) {
        this.keys = keys;
        this.values = values;
    }

    @Override
    public void eval(Value out) {
        if (keys == null) {
            List<Object> list = new ArrayList<>(values.length);
            for (ExprNode v : values) {
                v.eval(item);
                list.add(Ops.toJava(item));
            }
            out.setObj(list);
        } else {
            Map<String, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < keys.length; i++) {
                values[i].eval(item);
                map.put(keys[i], Ops.toJava(item));
            }
            out.setObj(map);
        }
    }
}
