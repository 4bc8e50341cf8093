package io.canopy.hardware.mavlink;

import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The vehicle's way into the ticker's inbox: names its events {@code <vehicle>.<what>} and offers them, counting
 * the ones the command lane refuses. No inbox (null) drops every event.
 */
final class VehicleEvents {
    private final EventQueue queue;
    private final String prefix;
    private final AtomicLong refused = new AtomicLong();

    VehicleEvents(EventQueue queue, String vehicleName) {
        this.queue = queue;
        this.prefix = vehicleName;
    }

    /** The interned event name {@code <vehicle>.<what>} (made once, at construction of the part that raises it). */
    String name(String what) {
        return (prefix + "." + what).intern();
    }

    /** Offers a COMMAND-lane event; a refusal is counted in {@link #refused()}. */
    void offer(Event e) {
        if (queue != null && !queue.offer(e)) {
            refused.incrementAndGet();
        }
    }

    /** Offers a SENSOR sample (latest value wins: a refusal is not counted). */
    void offerSample(Event e) {
        if (queue != null) {
            queue.offer(e);
        }
    }

    /** Events the inbox refused (its command lane full). */
    long refused() {
        return refused.get();
    }
}
