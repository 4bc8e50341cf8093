package io.canopy.messaging;

import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import java.util.Arrays;

/**
 * The tick thread's half of a subscription bound to a blackboard entry: an {@link EventHandler} (add it with
 * {@code ticker.addEventHandler}) that writes the events of an {@link InboxBridge} into their entries before
 * the trees tick. Numbers and booleans are written from {@link Event#value()}, so an update allocates
 * nothing; strings and whole messages are written from the attachment. Events it has no binding for are
 * left to the other handlers. Tick thread only; bind before the ticker starts.
 */
public final class BlackboardUpdates implements EventHandler {
    private String[] names = new String[0];
    private Entry[] entries = new Entry[0];
    private ValueKind[] kinds = new ValueKind[0];

    /** Writes every event of {@code bridge} into {@code entry}. */
    public BlackboardUpdates bind(InboxBridge<?> bridge, Entry entry) {
        return bind(bridge.eventName(), bridge.valueKind(), entry);
    }

    /** Writes every event named {@code eventName}, which carries a value of {@code kind}, into {@code entry}. */
    public BlackboardUpdates bind(String eventName, ValueKind kind, Entry entry) {
        int n = names.length;
        names = Arrays.copyOf(names, n + 1);
        entries = Arrays.copyOf(entries, n + 1);
        kinds = Arrays.copyOf(kinds, n + 1);
        names[n] = eventName;
        entries[n] = entry;
        kinds[n] = kind;
        return this;
    }

    @Override
    public void onEvent(Event event) {
        for (int i = 0; i < names.length; i++) {
            if (event.is(names[i])) {
                Entry e = entries[i];
                switch (kinds[i]) {
                    case LONG -> e.setLong((long) event.value());
                    case DOUBLE -> e.setDouble(event.value());
                    case BOOLEAN -> e.setBoolean(event.value() != 0);
                    default -> e.setObject(event.attachment());
                }
            }
        }
    }
}
