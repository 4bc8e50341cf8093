package io.canopy.launch.record;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * While a real-time run is recorded, the links' readers hand messages to their roles only between ticks: the tick
 * thread closes the gate when a timer falls due (before the ticker drains the inbox) and opens it when the cycle
 * ends, so a tick sees exactly the messages counted when it began (Tick.link_messages), in its inbox events and in
 * the roles' latest values alike, and a replay can hand it the same. Readers wait (they are IO threads); the tick
 * thread waits only for a reader already inside (microseconds, bounded), never for one that has not started.
 */
final class LinkGate {
    private static final long READER_WAIT_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long TICK_WAIT_NS = TimeUnit.MICROSECONDS.toNanos(200);

    private volatile boolean closed;
    private final AtomicInteger inside = new AtomicInteger();
    /** Tick thread: closes that waited the whole bound for a reader (that tick may have seen a message in passing). */
    private long overran;
    /** Readers that gave up waiting for a long tick (their message reached that tick in passing). */
    private final AtomicInteger passed = new AtomicInteger();

    /** Reader thread: waits until no tick runs, then holds the gate open until {@link #leave()}. */
    void enter() {
        long deadline = 0;
        while (true) {
            while (closed) {
                if (deadline == 0) {
                    deadline = System.nanoTime() + READER_WAIT_NS;
                } else if (System.nanoTime() - deadline > 0) {
                    passed.incrementAndGet();
                    inside.incrementAndGet();
                    return;
                }
                LockSupport.parkNanos(20_000);
            }
            inside.incrementAndGet();
            if (!closed) {
                return;
            }
            inside.decrementAndGet();
        }
    }

    void leave() {
        inside.decrementAndGet();
    }

    boolean isClosed() {
        return closed;
    }

    /** Tick thread: from now on readers wait; returns once none is handing a message over (or the bound passed). */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (inside.get() == 0) {
            return;
        }
        long deadline = System.nanoTime() + TICK_WAIT_NS;
        while (inside.get() > 0) {
            if (System.nanoTime() - deadline > 0) {
                overran++;
                return;
            }
            Thread.onSpinWait();
        }
    }

    /** Tick thread: the cycle ended. */
    void open() {
        closed = false;
    }

    long overran() {
        return overran;
    }

    int passed() {
        return passed.get();
    }
}
