package io.canopy.tick;

/**
 * A mutable, reusable event: a kind ({@link EventKind}), a name, a timestamp on the ticker's clock, and an
 * optional payload made of raw bytes (a serialized protobuf body, a frame), a number (a scalar reading) and
 * an attachment (an object the producer built, such as a parsed message; the consumer must not change it).
 *
 * <p>Queues own pooled instances and copy into them ({@link EventQueue#offer(Event)}), so the tick thread
 * never allocates to receive or send one. Producers keep one scratch instance per thread, fill it with the
 * setters and offer it; handlers read the queue's instance during {@link EventHandler#onEvent} only. Names
 * should be constants (or interned): the name is kept by reference, never copied or built.
 *
 * <p>Not thread-safe: one thread at a time, handed over through an {@link EventQueue}.
 *
 * <p>Memory: an event made with {@link #Event(int)} holds its whole payload buffer from the start (a
 * producer may write into {@link #payloadBuffer()}); a {@linkplain #pooled(int) pooled} one, as queues and
 * trees keep by the hundred, starts without a buffer and grows it, on the thread that copies a payload in,
 * to the largest payload it has carried (a power of two, at least 64 bytes, at most its maximum). Most events
 * carry no payload bytes (a number and an attachment), so most pooled events never get a buffer.
 */
public final class Event {
    /** The default payload capacity: the largest serialized Envelope the serial wire format carries. */
    public static final int DEFAULT_MAX_PAYLOAD_BYTES = 1024;

    private EventKind kind = EventKind.SENSOR;
    private String name = "";
    private long timestampNs;
    private static final byte[] NO_PAYLOAD = new byte[0];
    private static final int MIN_GROWN_PAYLOAD = 64;

    private final int maxPayloadBytes;
    private byte[] payload;
    private int payloadLength;
    private double value;
    private Object attachment;
    long sequence; // set by EventQueue

    /** An event with room for {@link #DEFAULT_MAX_PAYLOAD_BYTES} payload bytes. */
    public Event() {
        this(DEFAULT_MAX_PAYLOAD_BYTES);
    }

    /** An event with room for {@code maxPayloadBytes} payload bytes. */
    public Event(int maxPayloadBytes) {
        if (maxPayloadBytes < 0) {
            throw new IllegalArgumentException("maxPayloadBytes must not be negative: " + maxPayloadBytes);
        }
        this.maxPayloadBytes = maxPayloadBytes;
        this.payload = maxPayloadBytes == 0 ? NO_PAYLOAD : new byte[maxPayloadBytes];
    }

    private Event(int maxPayloadBytes, boolean pooled) {
        if (maxPayloadBytes < 0) {
            throw new IllegalArgumentException("maxPayloadBytes must not be negative: " + maxPayloadBytes);
        }
        this.maxPayloadBytes = maxPayloadBytes;
        this.payload = NO_PAYLOAD;
    }

    /**
     * An event for a pool: room for {@code maxPayloadBytes} payload bytes, but its buffer is made (and grown)
     * only when a payload is copied in, by {@link #payload} or {@link #copyFrom}. Its
     * {@link #payloadBuffer()} is only as long as the largest payload so far: do not write into it.
     */
    public static Event pooled(int maxPayloadBytes) {
        return new Event(maxPayloadBytes, true);
    }

    /** Sets kind, name and timestamp and clears the payload, number and attachment; returns this. */
    public Event set(EventKind kind, String name, long timestampNs) {
        if (kind == null || name == null) {
            throw new IllegalArgumentException("an event needs a kind and a name");
        }
        this.kind = kind;
        this.name = name;
        this.timestampNs = timestampNs;
        this.payloadLength = 0;
        this.value = 0;
        this.attachment = null;
        return this;
    }

    /** Copies {@code length} bytes from {@code source} as the payload; returns this. */
    public Event payload(byte[] source, int offset, int length) {
        if (length > payload.length) {
            if (length > maxPayloadBytes) {
                throw new IllegalArgumentException("event '" + name + "': payload of " + length
                        + " bytes exceeds the maximum of " + maxPayloadBytes + " bytes");
            }
            int grown = Math.max(MIN_GROWN_PAYLOAD, Integer.highestOneBit(length - 1) << 1);
            payload = new byte[grown <= 0 || grown > maxPayloadBytes ? maxPayloadBytes : grown];
        }
        System.arraycopy(source, offset, payload, 0, length);
        payloadLength = length;
        return this;
    }

    /** Sets the number carried by this event (a scalar reading, a setpoint); returns this. */
    public Event value(double value) {
        this.value = value;
        return this;
    }

    /** Attaches an object built by the producer (kept by reference); returns this. */
    public Event attachment(Object attachment) {
        this.attachment = attachment;
        return this;
    }

    /** Makes this event a copy of {@code other} (payload copied, attachment shared); returns this. */
    public Event copyFrom(Event other) {
        set(other.kind, other.name, other.timestampNs);
        payload(other.payload, 0, other.payloadLength);
        value = other.value;
        attachment = other.attachment;
        return this;
    }

    public EventKind kind() {
        return kind;
    }

    public String name() {
        return name;
    }

    public long timestampNs() {
        return timestampNs;
    }

    /** The payload buffer; only the first {@link #payloadLength()} bytes are this event's. Do not keep it. */
    public byte[] payloadBuffer() {
        return payload;
    }

    public int payloadLength() {
        return payloadLength;
    }

    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    /** Copies the payload into {@code target} at {@code offset}; returns the number of bytes copied. */
    public int copyPayloadTo(byte[] target, int offset) {
        System.arraycopy(payload, 0, target, offset, payloadLength);
        return payloadLength;
    }

    public double value() {
        return value;
    }

    public Object attachment() {
        return attachment;
    }

    /** Whether this event's name is {@code name} (no allocation). */
    public boolean is(String name) {
        return this.name.equals(name);
    }

    void clearReferences() {
        attachment = null;
    }

    /** For logs and tests only (allocates). */
    @Override
    public String toString() {
        return kind + " " + name + " @" + timestampNs + " ns, value " + value + ", payload " + payloadLength
                + " bytes" + (attachment == null ? "" : ", attachment " + attachment);
    }
}
