package io.canopy.hardware.mavlink;

import io.canopy.hardware.stream.ByteLink;
import io.canopy.hardware.stream.OutFrame;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Frames out to the vehicle: encodes a payload as a MAVLink 2 frame from this station (own system and component,
 * one sequence counter for every thread) into a pooled frame of the link, and counts the frames not sent.
 * Allocation-free and never blocking; safe from any thread.
 */
final class FrameSender {
    private final MavlinkConfig config;
    private final AtomicInteger sequence = new AtomicInteger();
    private final AtomicLong refused = new AtomicLong();
    private volatile ByteLink link;

    FrameSender(MavlinkConfig config) {
        this.config = config;
    }

    void attach(ByteLink link) {
        this.link = link;
    }

    /** Zeroes the payload bytes of {@code spec} in {@code b} (fields not written then go out as 0). */
    static void clear(byte[] b, MessageSpec spec) {
        Arrays.fill(b, 0, spec.maxLength(), (byte) 0);
    }

    /** Sends one frame; false (and counted) when there is no link, its pool is empty or it is down. */
    boolean send(MessageSpec spec, byte[] payload) {
        ByteLink l = link;
        OutFrame f = l == null ? null : l.claim();
        if (f == null) {
            refused.incrementAndGet();
            return false;
        }
        int n = MavlinkFrames.encode(spec, payload, sequence.getAndIncrement() & 0xFF, config.ownSystem(),
                config.ownComponent(), f.buffer());
        if (!l.send(f, n)) {
            refused.incrementAndGet();
            return false;
        }
        return true;
    }

    /** Frames not sent (no link, pool empty, link down). */
    long refused() {
        return refused.get();
    }
}
