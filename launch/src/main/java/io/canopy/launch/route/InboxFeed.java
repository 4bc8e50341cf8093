package io.canopy.launch.route;

import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands an MQTT command to the ticker's inbox on the connection's thread, waiting for room when the inbox's
 * command lane is full (a restored session delivers hundreds of queued commands at once) instead of dropping it:
 * the MQTT client acknowledges the message to the broker only after this returns, and while it waits the broker
 * holds the rest back (its in-flight window), so nothing is lost and order is kept. The tick thread drains the
 * inbox every tick; a wait longer than {@link #MAX_WAIT_MS} means it is stalled, and the command is dropped,
 * counted and logged rather than holding the connection forever.
 */
final class InboxFeed {
    static final long MAX_WAIT_MS = 10_000;
    private static final long PAUSE_NS = TimeUnit.MICROSECONDS.toNanos(250);
    private static final long MAX_PAUSES = TimeUnit.MILLISECONDS.toNanos(MAX_WAIT_MS) / PAUSE_NS;

    private InboxFeed() {}

    /** Offers {@code scratch} to {@code inbox}, waiting while its lane is full; false when it had to drop it. */
    static boolean offer(EventQueue inbox, Event scratch, Drops drops) {
        if (inbox.offer(scratch)) {
            return true;
        }
        drops.count(Drops.Cause.INBOX_WAITED);
        for (long i = 0; i < MAX_PAUSES; i++) {
            LockSupport.parkNanos(PAUSE_NS);
            if (inbox.offer(scratch)) {
                return true;
            }
            if (Thread.currentThread().isInterrupted()) {
                break; // the connection is closing
            }
        }
        drops.count(Drops.Cause.INBOX_STALLED);
        return false;
    }
}
