package io.canopy.hardware.stream;

import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.serial.Transport;
import io.canopy.tick.NanoClock;
import io.canopy.tick.SystemNanoClock;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A raw byte link: a reader thread hands what the transport reads to a {@link Receiver} (a protocol's frame
 * parser), a writer thread writes pooled {@link OutFrame}s queued from any thread. {@link #claim()} and
 * {@link #send} never block and allocate nothing, so the tick thread and a watchdog may both send: when the
 * pool is empty or the link is down, the frame is refused and counted. When the transport fails, the receiver
 * hears {@link Receiver#onLost}, queued frames are dropped, and the port is reopened with a doubling backoff;
 * {@link Receiver#onBack} follows when it is open again.
 */
public final class ByteLink implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ByteLink.class);
    private static final int READ_TIMEOUT_MS = 100;

    /** What the reader thread does with the bytes; called on the reader thread only, must not block long. */
    public interface Receiver {
        void onBytes(byte[] buf, int len);

        default void onLost(String reason) {}

        default void onBack() {}
    }

    private final String name;
    private final Transport transport;
    private final Receiver receiver;
    private final MpmcArrayQueue<OutFrame> free;
    private final MpscArrayQueue<OutFrame> outgoing;
    private final long reconnectMinMs;
    private final long reconnectMaxMs;
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong framesSent = new AtomicLong();
    private final AtomicLong framesRefused = new AtomicLong();
    private final AtomicLong lostCount = new AtomicLong();
    private final LinkHealth health;
    /** Frames queued by {@link #send} and frames the writer has taken off the queue (written or not). */
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong handled = new AtomicLong();
    private volatile boolean up;
    private volatile boolean running;
    private Thread reader;
    private Thread writer;

    /**
     * @param frames     pooled outgoing frames (the write queue's capacity)
     * @param frameBytes capacity of each frame
     */
    public ByteLink(String name, Transport transport, Receiver receiver, int frames, int frameBytes,
            long reconnectMinMs, long reconnectMaxMs) {
        this(name, transport, receiver, frames, frameBytes, reconnectMinMs, reconnectMaxMs, SystemNanoClock.INSTANCE);
    }

    /** As above, timing its lost/back with {@code clock} (the node's). */
    public ByteLink(String name, Transport transport, Receiver receiver, int frames, int frameBytes,
            long reconnectMinMs, long reconnectMaxMs, NanoClock clock) {
        if (frames < 2 || frameBytes < 1 || reconnectMinMs <= 0 || reconnectMaxMs < reconnectMinMs) {
            throw new IllegalArgumentException("byte link '" + name + "': need frames >= 2, frameBytes >= 1 and"
                    + " 0 < reconnectMinMs <= reconnectMaxMs, got " + frames + ", " + frameBytes + ", "
                    + reconnectMinMs + ", " + reconnectMaxMs);
        }
        this.name = name;
        this.transport = transport;
        this.receiver = receiver;
        this.free = new MpmcArrayQueue<>(frames);
        this.outgoing = new MpscArrayQueue<>(frames);
        for (int i = 0; i < frames; i++) {
            free.offer(new OutFrame(frameBytes));
        }
        this.reconnectMinMs = reconnectMinMs;
        this.reconnectMaxMs = reconnectMaxMs;
        this.health = new LinkHealth(name, transport instanceof UdpByteTransport ? "udp" : "byte link",
                "frames refused; the port is reopened with a backoff up to " + reconnectMaxMs + " ms", clock);
    }

    /** The link's port: lost / back, told in the node's one format. */
    public LinkHealth health() {
        return health;
    }

    /**
     * Opens the transport on the calling thread (so a wrong port fails here, with its reason) and starts the
     * reader and writer threads. A port that cannot be opened yet is retried in the background when
     * {@code requireOpen} is false.
     */
    public synchronized ByteLink start(boolean requireOpen) throws IOException {
        if (running) {
            throw new IllegalStateException("byte link '" + name + "' is already started");
        }
        try {
            transport.open();
            up = true;
        } catch (IOException e) {
            if (requireOpen) {
                throw new IOException(name + " (" + transport.describe() + "): " + e.getMessage(), e);
            }
            health.lost(transport.describe() + ": cannot open yet: " + e.getMessage());
        }
        running = true;
        reader = new Thread(this::readLoop, name + "-reader");
        reader.setDaemon(true);
        writer = new Thread(this::writeLoop, name + "-writer");
        writer.setDaemon(true);
        reader.start();
        writer.start();
        return this;
    }

    /** Any thread: a free frame to fill, or null when none is free or the link is down (counted as refused). */
    public OutFrame claim() {
        if (!up) {
            framesRefused.incrementAndGet();
            return null;
        }
        OutFrame f = free.relaxedPoll();
        if (f == null) {
            framesRefused.incrementAndGet();
        }
        return f;
    }

    /** Any thread: queues {@code length} bytes of a claimed frame; false (frame released) when refused. */
    public boolean send(OutFrame frame, int length) {
        frame.length = length;
        if (!up || !outgoing.relaxedOffer(frame)) {
            free.relaxedOffer(frame);
            framesRefused.incrementAndGet();
            return false;
        }
        queued.incrementAndGet();
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
        }
        return true;
    }

    /** Any thread: copies {@code len} bytes into a frame and queues it; false when refused. */
    public boolean send(byte[] bytes, int len) {
        OutFrame f = claim();
        if (f == null) {
            return false;
        }
        System.arraycopy(bytes, 0, f.buffer(), 0, len);
        return send(f, len);
    }

    private void readLoop() {
        byte[] buf = new byte[4096];
        long backoffMs = reconnectMinMs;
        while (running) {
            if (!up) {
                try {
                    transport.open();
                    up = true;
                    backoffMs = reconnectMinMs;
                    health.back();
                    receiver.onBack();
                } catch (IOException e) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(backoffMs));
                    backoffMs = Math.min(reconnectMaxMs, backoffMs * 2);
                    continue;
                }
            }
            int n = transport.read(buf, READ_TIMEOUT_MS);
            if (n > 0) {
                bytesIn.addAndGet(n);
                try {
                    receiver.onBytes(buf, n);
                } catch (RuntimeException e) {
                    LOG.error("{}: the receiver failed on {} bytes; they are dropped", name, n, e);
                }
            } else if (n < 0 && running) {
                lost(transport.lastError());
            }
        }
    }

    private void lost(String reason) {
        up = false;
        lostCount.incrementAndGet();
        transport.close();
        OutFrame f;
        while ((f = outgoing.relaxedPoll()) != null) {
            free.relaxedOffer(f);
            handled.incrementAndGet();
        }
        health.lost(transport.describe() + ": " + reason);
        receiver.onLost(reason);
    }

    private void writeLoop() {
        while (running) {
            OutFrame f = outgoing.relaxedPoll();
            if (f == null) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
                continue;
            }
            if (up && transport.write(f.buffer(), f.length)) {
                bytesOut.addAndGet(f.length);
                framesSent.incrementAndGet();
            } else {
                framesRefused.incrementAndGet();
            }
            free.relaxedOffer(f);
            handled.incrementAndGet();
        }
    }

    /** Frames queued and not yet through the writer (a replay waits for 0 before it compares what was written). */
    public long unwritten() {
        return queued.get() - handled.get();
    }

    /** Whether the transport is open. */
    public boolean isUp() {
        return up;
    }

    public String name() {
        return name;
    }

    public Transport transport() {
        return transport;
    }

    public long bytesIn() {
        return bytesIn.get();
    }

    public long bytesOut() {
        return bytesOut.get();
    }

    public long framesSent() {
        return framesSent.get();
    }

    /** Frames not sent: no free frame, link down, or a failed write. */
    public long framesRefused() {
        return framesRefused.get();
    }

    /** How often the device was lost. */
    public long lostCount() {
        return lostCount.get();
    }

    /** Stops both threads and closes the transport (waits up to a second for the threads). */
    @Override
    public void close() {
        running = false;
        Thread r = reader;
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
        }
        try {
            if (r != null) {
                r.join(1000);
            }
            if (w != null) {
                w.join(1000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        up = false;
        transport.close();
    }
}
