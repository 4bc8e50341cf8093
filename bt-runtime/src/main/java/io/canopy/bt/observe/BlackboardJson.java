package io.canopy.bt.observe;

import com.google.gson.JsonObject;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;

/**
 * A blackboard as JSON, as BT.CPP's {@code ExportBlackboardToJSON} makes it for Groot2: one member per entry
 * that holds a value (booleans, whole numbers, doubles and strings as themselves, any other object as its text),
 * empty entries left out. Called on the tick thread, which owns the blackboard.
 */
public final class BlackboardJson {
    private BlackboardJson() {}

    public static JsonObject export(Blackboard blackboard) {
        JsonObject out = new JsonObject();
        for (String key : blackboard.keys()) {
            Entry e = blackboard.find(key);
            if (e == null || !e.hasValue()) {
                continue;
            }
            switch (e.kind()) {
                case BOOLEAN -> out.addProperty(key, e.booleanValue());
                case LONG -> out.addProperty(key, e.longValue());
                case DOUBLE -> out.addProperty(key, e.doubleValue());
                case STRING -> out.addProperty(key, e.stringValue());
                default -> {
                    Object o = e.objectValue();
                    if (o instanceof Boolean b) {
                        out.addProperty(key, b);
                    } else if (o instanceof Number n) {
                        out.addProperty(key, n);
                    } else {
                        out.addProperty(key, String.valueOf(o));
                    }
                }
            }
        }
        return out;
    }
}
