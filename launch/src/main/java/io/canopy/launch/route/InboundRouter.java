package io.canopy.launch.route;

import io.canopy.OnceLog;
import io.canopy.bt.Entry;
import io.canopy.launch.run.NodeTap;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.TickTimer;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ticker's inbox handler (tick thread): an event whose name is a binding's key sets a blackboard entry
 * (the event's number, or its attachment: a message, a string) or goes on the {@link EventBus} under the
 * binding's event name; any other event (device.lost, device.back) goes on the bus under its own name.
 * Keys are interned constants, so matching is a reference comparison: no lookup, no allocation.
 */
public final class InboundRouter implements EventHandler {
    private static final Logger LOG = LoggerFactory.getLogger(InboundRouter.class);

    private String[] keys = new String[0];
    private Entry[] entries = new Entry[0];
    private String[] eventNames = new String[0];
    /** Per key: the control timer's tick count when an event last came through (-1: never). */
    private long[] lastTick = new long[0];
    private TickTimer control;
    private final EventBus bus;
    private final OnceLog onceLog = new OnceLog(LOG);
    private long typeErrors;
    /** Sees every event before it is applied (recording); {@link NodeTap#NONE} otherwise. */
    public NodeTap tap = NodeTap.NONE;

    public InboundRouter(EventBus bus) {
        this.bus = bus;
    }

    /** Events named {@code key} set {@code entry}. */
    public void toBlackboard(String key, Entry entry) {
        add(key, entry, null);
    }

    /** Events named {@code key} go on the bus as {@code eventName}. */
    public void toEvent(String key, String eventName) {
        add(key, null, eventName);
    }

    /** The timer whose tick count {@link #lastTick(String)} reports. */
    public void countTicksOf(TickTimer timer) {
        this.control = timer;
    }

    /**
     * The tick (count of the control timer's completed ticks) at which an event bound to {@code eventName}
     * last came in, or -1. For tests and diagnostics; racy but monotonic.
     */
    public long lastTick(String eventName) {
        long best = -1;
        for (int i = 0; i < keys.length; i++) {
            if (eventName.equals(eventNames[i])) {
                best = Math.max(best, lastTick[i]);
            }
        }
        return best;
    }

    private void add(String key, Entry entry, String eventName) {
        int n = keys.length;
        lastTick = Arrays.copyOf(lastTick, n + 1);
        lastTick[n] = -1;
        keys = Arrays.copyOf(keys, n + 1);
        entries = Arrays.copyOf(entries, n + 1);
        eventNames = Arrays.copyOf(eventNames, n + 1);
        keys[n] = key;
        entries[n] = entry;
        eventNames[n] = eventName;
    }

    @Override
    public void onEvent(Event event) {
        tap.routed(event);
        String name = event.name();
        boolean matched = false;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != name) {
                continue;
            }
            matched = true;
            if (control != null) {
                lastTick[i] = control.ticks();
            }
            Entry entry = entries[i];
            if (entry == null) {
                bus.publish(eventNames[i], event.value(), event.attachment(), null, event.timestampNs());
                continue;
            }
            try {
                Object a = event.attachment();
                if (a == null) {
                    entry.setDouble(event.value());
                } else {
                    entry.setObject(a);
                }
            } catch (RuntimeException e) {
                typeErrors++;
                onceLog.warn("bb:" + entry.name(), "binding into blackboard '{}': {} (logged once; repeats are only counted)", entry.name(), e.getMessage());
            }
        }
        if (!matched) {
            bus.publish(name, event.value(), event.attachment(), null, event.timestampNs());
        }
    }

    long typeErrors() {
        return typeErrors;
    }
}
