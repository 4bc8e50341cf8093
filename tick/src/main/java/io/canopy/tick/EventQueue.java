package io.canopy.tick;

import java.util.concurrent.atomic.AtomicLong;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscArrayQueue;

/**
 * A bounded, lock-free queue of {@link Event}s from many producer threads to one consumer thread, with
 * no allocation on either side: a ticker's inbox (IO threads to the tick thread) or an outbox (the tick
 * thread to an IO thread). Producers {@link #offer(Event)} a filled scratch event, which is copied into a
 * pooled one; the consumer {@link #drain(EventHandler)}s them, in arrival order, and the pooled events go
 * back to their pool.
 *
 * <p>Two lanes with their own capacity make the drop policy exact:
 * <ul>
 *   <li>{@link EventKind#SENSOR} samples: when the sensor lane is full, the producer removes the OLDEST
 *       queued sample, counts it in {@link #sensorDropped()}, and queues the new one in its place. A sensor
 *       offer therefore always succeeds (except in the rare race where every pooled sample is being
 *       written or read at that instant; then the new sample is the one dropped, and counted the same).</li>
 *   <li>{@link EventKind#COMMAND}s: never dropped once queued. When the command lane is full the offer
 *       returns false and counts {@link #commandsRefused()}; the producer still owns the command.</li>
 * </ul>
 * Built on JCTools' {@link MpscArrayQueue} (commands) and
 * {@link MpmcArrayQueue} (sensor samples, so a producer can take the oldest out).
 *
 * <p>Memory: the pooled events are made up front (so neither side allocates one), but each one's payload
 * buffer only when a payload is copied into it, on the producer's thread, as large as the largest payload
 * it has carried (see {@link Event#pooled(int)}); {@code maxPayloadBytes} is the ceiling. A queue of events
 * that carry a number and an attachment, as most do, holds about 60 bytes per slot instead of 1 KB.
 * Producers on the tick thread that send payload bytes allocate a slot's buffer the first time that slot
 * carries a payload of a larger size class (64 bytes, then powers of two); after a warm-up that has cycled
 * every slot, they allocate nothing.
 */
public final class EventQueue {
    private final String name;
    private final int maxPayloadBytes;
    private final int sensorCapacity;
    private final int commandCapacity;
    private final MpmcArrayQueue<Event> sensorFree;
    private final MpmcArrayQueue<Event> sensorQueued;
    private final MpmcArrayQueue<Event> commandFree;
    private final MpscArrayQueue<Event> commandQueued;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong sensorDropped = new AtomicLong();
    private final AtomicLong commandsRefused = new AtomicLong();
    private final AtomicLong offered = new AtomicLong();
    private final AtomicLong drained = new AtomicLong();

    private EventQueue(Builder b) {
        this.name = b.name;
        this.maxPayloadBytes = b.maxPayloadBytes;
        this.sensorCapacity = b.sensorCapacity;
        this.commandCapacity = b.commandCapacity;
        sensorFree = new MpmcArrayQueue<>(Math.max(2, sensorCapacity));
        sensorQueued = new MpmcArrayQueue<>(Math.max(2, sensorCapacity));
        commandFree = new MpmcArrayQueue<>(Math.max(2, commandCapacity));
        commandQueued = new MpscArrayQueue<>(Math.max(2, commandCapacity));
        for (int i = 0; i < sensorCapacity; i++) {
            sensorFree.offer(Event.pooled(maxPayloadBytes));
        }
        for (int i = 0; i < commandCapacity; i++) {
            commandFree.offer(Event.pooled(maxPayloadBytes));
        }
    }

    /** A builder: 768 sensor samples, 256 commands, 1024 payload bytes each, unless told otherwise. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Any producer thread: queues a copy of {@code event}. Returns true when queued; false only for a
     * {@link EventKind#COMMAND} refused because the command lane is full (counted), or a sensor sample that
     * lost the race described in the class comment (counted as dropped). Throws when the payload is larger
     * than this queue's events hold.
     */
    public boolean offer(Event event) {
        if (event.payloadLength() > maxPayloadBytes) {
            throw new IllegalArgumentException("queue '" + name + "': event '" + event.name() + "' has a payload of "
                    + event.payloadLength() + " bytes, more than the " + maxPayloadBytes + " this queue holds");
        }
        if (event.kind() == EventKind.COMMAND) {
            Event slot = commandFree.poll();
            if (slot == null) {
                commandsRefused.incrementAndGet();
                return false;
            }
            slot.copyFrom(event);
            slot.sequence = sequence.getAndIncrement();
            commandQueued.offer(slot);
        } else {
            Event slot = sensorFree.poll();
            if (slot == null) {
                slot = sensorQueued.poll(); // the oldest sample
                sensorDropped.incrementAndGet();
                if (slot == null) {
                    return false;
                }
            }
            slot.copyFrom(event);
            slot.sequence = sequence.getAndIncrement();
            sensorQueued.offer(slot);
        }
        offered.incrementAndGet();
        return true;
    }

    /** Shorthand: offers a payload-less event carrying {@code value}, through {@code scratch}. */
    public boolean offer(Event scratch, EventKind kind, String name, long timestampNs, double value) {
        return offer(scratch.set(kind, name, timestampNs).value(value));
    }

    /** The consumer thread: hands every queued event to {@code handler}; returns how many. */
    public int drain(EventHandler handler) {
        return drain(handler, Integer.MAX_VALUE);
    }

    /**
     * The consumer thread: hands at most {@code limit} queued events to {@code handler}, in the order they
     * were offered (commands and samples interleaved by arrival); returns how many. If the handler throws,
     * the event is still recycled and the exception propagates; the rest stay queued.
     */
    public int drain(EventHandler handler, int limit) {
        int n = 0;
        while (n < limit) {
            Event c = commandQueued.peek();
            Event s = sensorQueued.peek();
            Event e;
            if (c == null && s == null) {
                break;
            }
            if (c != null && (s == null || c.sequence - s.sequence < 0)) {
                e = commandQueued.poll();
            } else {
                e = sensorQueued.poll();
                if (e == null) {
                    continue; // a producer took it out as the oldest sample
                }
            }
            n++;
            drained.lazySet(drained.get() + 1);
            try {
                handler.onEvent(e);
            } finally {
                recycle(e);
            }
        }
        return n;
    }

    private void recycle(Event e) {
        e.clearReferences();
        if (e.kind() == EventKind.COMMAND) {
            commandFree.offer(e);
        } else {
            sensorFree.offer(e);
        }
    }

    public String name() {
        return name;
    }

    /** Events queued now (approximate while producers run). */
    public int size() {
        return sensorQueued.size() + commandQueued.size();
    }

    public int sensorCapacity() {
        return sensorCapacity;
    }

    public int commandCapacity() {
        return commandCapacity;
    }

    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    /** Sensor samples dropped to make room (oldest first), since creation. */
    public long sensorDropped() {
        return sensorDropped.get();
    }

    /** Commands refused because the command lane was full, since creation. */
    public long commandsRefused() {
        return commandsRefused.get();
    }

    /** Events accepted by {@link #offer}, since creation. */
    public long offered() {
        return offered.get();
    }

    /** Events handed to a handler, since creation. */
    public long drained() {
        return drained.get();
    }

    /** Builds an {@link EventQueue}. */
    public static final class Builder {
        private String name = "events";
        private int sensorCapacity = 768;
        private int commandCapacity = 256;
        private int maxPayloadBytes = Event.DEFAULT_MAX_PAYLOAD_BYTES;

        private Builder() {}

        /** A name for messages and statistics ("inbox", "mqtt-out"). */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** How many sensor samples may wait; the oldest is dropped beyond that. */
        public Builder sensorCapacity(int capacity) {
            if (capacity < 1) {
                throw new IllegalArgumentException("sensor capacity must be at least 1: " + capacity);
            }
            this.sensorCapacity = capacity;
            return this;
        }

        /** How many commands may wait; offers are refused beyond that. */
        public Builder commandCapacity(int capacity) {
            if (capacity < 1) {
                throw new IllegalArgumentException("command capacity must be at least 1: " + capacity);
            }
            this.commandCapacity = capacity;
            return this;
        }

        /** The payload capacity of each pooled event. */
        public Builder maxPayloadBytes(int bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("maxPayloadBytes must not be negative: " + bytes);
            }
            this.maxPayloadBytes = bytes;
            return this;
        }

        public EventQueue build() {
            return new EventQueue(this);
        }
    }
}
