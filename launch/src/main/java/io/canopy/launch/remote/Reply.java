package io.canopy.launch.remote;

import io.canopy.proto.remote.Feedback;
import io.canopy.proto.remote.Result;
import io.canopy.proto.remote.Status;
import io.canopy.proto.remote.Value;
import java.util.Map;

/**
 * A worker's feedback or result, unpacked on the MQTT thread into plain arrays, so that the tick thread reads it
 * without allocating (a protobuf map lookup allocates a view on each call). Immutable.
 *
 * @param result  true for a Result, false for a Feedback
 * @param success a Result's status was SUCCESS
 * @param names   output port names, same index as {@code values}
 * @param values  String, Double, Long or Boolean; null for a Value with no kind (the output is cleared)
 */
record Reply(long goalId, boolean result, boolean success, String message, String[] names, Object[] values) {
    static Reply of(Result r) {
        return outputs(r.getGoalId(), true, r.getStatus() == Status.SUCCESS,
                r.getStatus() + (r.getMessage().isEmpty() ? "" : ": " + r.getMessage()), r.getOutputsMap());
    }

    static Reply of(Feedback f) {
        return outputs(f.getGoalId(), false, false, f.getText(), f.getOutputsMap());
    }

    private static Reply outputs(long goalId, boolean result, boolean success, String message, Map<String, Value> map) {
        String[] names = new String[map.size()];
        Object[] values = new Object[map.size()];
        int i = 0;
        for (Map.Entry<String, Value> e : map.entrySet()) {
            names[i] = e.getKey();
            Value v = e.getValue();
            values[i++] = switch (v.getKindCase()) {
                case TEXT -> v.getText();
                case NUMBER -> v.getNumber();
                case INTEGER -> v.getInteger();
                case FLAG -> v.getFlag();
                case KIND_NOT_SET -> null;
            };
        }
        return new Reply(goalId, result, success, message, names, values);
    }

    /** The value for output {@code name}, or {@link #ABSENT} (tick thread: no allocation). */
    Object value(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return ABSENT;
    }

    static final Object ABSENT = new Object();
}
