package io.canopy.launch.route;

import java.util.concurrent.atomic.AtomicLongArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node's event lanes had to drop or hold back, counted per cause without allocating (any thread, the
 * tick thread included) and logged by the outbox's IO thread, never the tick thread: one WARN line per cause
 * with its count when the cause first shows, and one line per cause with the total when the node stops.
 */
public final class Drops {
    private static final Logger LOG = LoggerFactory.getLogger(Drops.class);

    /** Why something was dropped or held back. */
    public enum Cause {
        OUTBOX_FULL(true, "outgoing events dropped: the outbox's command lane and its carry-over of "
                + EventBus.CARRY + " were both full (the outbox thread cannot keep up: fewer or slower outputs)"),
        OUTBOX_WAITED(false, "outgoing events that did not fit the outbox in their tick and went out in a later one"),
        INBOX_FULL_SERIAL(true, "events from serial messages dropped: the ticker's inbox command lane was full"
                + " (the tick thread is stalled or the link floods events)"),
        INBOX_WAITED(false, "MQTT commands that waited for room in the ticker's inbox (acknowledged to the broker"
                + " only once taken)"),
        INBOX_STALLED(true, "MQTT commands dropped after waiting " + InboxFeed.MAX_WAIT_MS + " ms for room in the"
                + " ticker's inbox (the tick thread is stalled)");

        final boolean loss;
        final String what;

        Cause(boolean loss, String what) {
            this.loss = loss;
            this.what = what;
        }

        /** Whether this cause loses what it counts (else it only held it back). */
        public boolean loss() {
            return loss;
        }
    }

    private final String node;
    private final AtomicLongArray counts = new AtomicLongArray(Cause.values().length);
    private final long[] logged = new long[Cause.values().length];

    public Drops(String node) {
        this.node = node;
    }

    /** Any thread, allocation-free: one more of {@code cause}. */
    public void count(Cause cause) {
        counts.incrementAndGet(cause.ordinal());
    }

    /** The count of {@code cause} so far. */
    public long of(Cause cause) {
        return counts.get(cause.ordinal());
    }

    /** The outbox's IO thread: logs each cause the first time it shows, with its count. */
    synchronized void report() {
        for (Cause c : Cause.values()) {
            long n = counts.get(c.ordinal());
            if (n > 0 && logged[c.ordinal()] == 0) {
                logged[c.ordinal()] = n;
                log(c, "{}: {} {} (logged once; the total is logged when the node stops)", n);
            }
        }
    }

    /** At stop: the total of each cause that grew after its first line. */
    synchronized void summary() {
        for (Cause c : Cause.values()) {
            long n = counts.get(c.ordinal());
            if (n > 0 && n != logged[c.ordinal()]) {
                logged[c.ordinal()] = n;
                log(c, "{}: {} {} in all while it ran", n);
            }
        }
    }

    private void log(Cause c, String format, long n) {
        if (c.loss) {
            LOG.warn(format, node, n, c.what);
        } else {
            LOG.info(format, node, n, c.what);
        }
    }
}
