package io.canopy.launch.record;

import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.tick.NanoClock;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What crosses a device link ({@code <mavlink>} on {@code <udp>} or {@code <serial>}) at the level its role decodes:
 * each read the link's reader hands the role (a UDP datagram, a run of serial bytes) with its receive time on the node
 * clock, each frame the link writes, and the link's loss and return. The recorder's writer thread turns them into
 * {@code in/device/<link>} and {@code out/device/<link>} messages ({@code canopy.record.v1.DeviceFrame}).
 */
final class DeviceFrames {
    /** One read (in), one written frame (out), or a state change ({@code data} null, {@code state} "lost: ..."/"back"). */
    record Frame(String link, String protocol, boolean out, byte[] data, long ns, String state) {}

    final ConcurrentLinkedQueue<Frame> frames = new ConcurrentLinkedQueue<>();

    /** The reader's side: each read is stamped and queued, then handed to {@code role} (between ticks, see LinkGate). */
    ByteLink.Receiver receiver(String link, String protocol, ByteLink.Receiver role, AtomicLong count, Recorder gate,
            NanoClock clock) {
        return new ByteLink.Receiver() {
            @Override
            public void onBytes(byte[] buf, int len) {
                gate.enter();
                try {
                    frames.add(new Frame(link, protocol, false, Arrays.copyOf(buf, len), clock.nanoTime(), null));
                    role.onBytes(buf, len);
                    count.lazySet(count.get() + 1);
                } finally {
                    gate.leave();
                }
            }

            @Override
            public void onLost(String reason) {
                gate.enter();
                try {
                    frames.add(new Frame(link, protocol, false, null, clock.nanoTime(), "lost: " + reason));
                    role.onLost(reason);
                    count.lazySet(count.get() + 1);
                } finally {
                    gate.leave();
                }
            }

            @Override
            public void onBack() {
                gate.enter();
                try {
                    frames.add(new Frame(link, protocol, false, null, clock.nanoTime(), "back"));
                    role.onBack();
                    count.lazySet(count.get() + 1);
                } finally {
                    gate.leave();
                }
            }
        };
    }

    /** The writer's side: every frame written to {@code real} is queued too (on the link's writer thread). */
    Transport transport(String link, String protocol, Transport real, NanoClock clock) {
        return new Transport() {
            @Override
            public void open() throws IOException {
                real.open();
            }

            @Override
            public int read(byte[] buf, int timeoutMs) {
                return real.read(buf, timeoutMs);
            }

            @Override
            public boolean write(byte[] buf, int len) {
                frames.add(new Frame(link, protocol, true, Arrays.copyOf(buf, len), clock.nanoTime(), null));
                return real.write(buf, len);
            }

            @Override
            public void close() {
                real.close();
            }

            @Override
            public String lastError() {
                return real.lastError();
            }

            @Override
            public String describe() {
                return real.describe();
            }
        };
    }
}
