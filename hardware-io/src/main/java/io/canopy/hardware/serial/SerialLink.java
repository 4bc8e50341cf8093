package io.canopy.hardware.serial;

import com.google.protobuf.CodedOutputStream;
import io.canopy.hardware.wire.FrameDecoder;
import io.canopy.hardware.wire.FrameEncoder;
import io.canopy.hardware.wire.FrameError;
import io.canopy.hardware.wire.FrameFormat;
import io.canopy.proto.Envelope;
import io.canopy.tick.NanoClock;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.realtime.RealtimeKnobs;
import io.canopy.tick.realtime.RealtimeOptions;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One serial port speaking framed Envelopes (docs/wire-format.md), with a reader thread and a writer
 * thread of its own.
 *
 * <ul>
 *   <li>{@link #send} never waits. When the writer thread is idle and nothing is queued, the sending thread
 *       writes the frame itself with one non-blocking {@code write(2)} (the direct path: no hand-off to the
 *       writer thread); what the tty does not take at once (EAGAIN, a partial write) is left to the writer
 *       thread, which writes the rest before anything else. Otherwise the message goes into a bounded lock-free
 *       queue for the writer thread; false (counted) when the queue is full or the device is lost. An ownership
 *       flag (one CAS) lets one thread at a time write, and a frame is written directly only when the queue is
 *       empty under that flag, so frames leave in the order they were sent and never interleave. The tick thread
 *       and the watchdog may call it.
 *   <li>The reader thread waits in the kernel for bytes (no spinning), decodes frames, and hands each
 *       Envelope to the {@link LinkSink}. Bad input is counted by kind and logged (rate-limited) with the
 *       port and byte offset; nothing read from the wire can stop the read loop.
 *   <li>When the port stops working (read or write fails, hang-up), the link raises
 *       {@link LinkSink#onDeviceLost}, drops what was queued and sends nothing, retries opening with
 *       backoff, and raises {@link LinkSink#onDeviceBack} when the port opens again.
 * </ul>
 */
public final class SerialLink implements AutoCloseable {
    /** Name of the event a lost port raises. */
    public static final String EVENT_DEVICE_LOST = "device.lost";
    /** Name of the event a port that works again raises. */
    public static final String EVENT_DEVICE_BACK = "device.back";

    private static final Logger LOG = LoggerFactory.getLogger(SerialLink.class);
    private static final int POLL_MS = 100;
    private static final int PAYLOAD_POOL = 64;
    private static final byte[] DELIMITER = {FrameFormat.DELIMITER};
    /** {@link #owner}: nobody is writing. */
    private static final int FREE = 0;
    /** {@link #owner}: one thread (the writer, or a sender on the direct path) is encoding and writing one frame. */
    private static final int OWNED = 1;
    /** {@link #owner}: a sender wrote part of a frame; the rest ({@link #remainderOff}..) is the writer thread's. */
    private static final int HANDOFF = 2;
    private static volatile boolean directWriteDefault = true;

    private final String name;
    private final SerialConfig config;
    private final Transport transport;
    private final LinkSink sink;
    private final NanoClock clock;
    private final MpscArrayQueue<Object> queue;
    private final MpmcArrayQueue<OutboundPayload> freePayloads;
    private final FrameDecoder decoder;
    private final RateLimitedLog badInputLog;
    private final ReentrantLock ioLock = new ReentrantLock();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong droppedFull = new AtomicLong();
    private final AtomicLong droppedLost = new AtomicLong();
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong droppedTooLarge = new AtomicLong();
    private final AtomicLong lostCount = new AtomicLong();
    private final AtomicLong writtenDirect = new AtomicLong();
    private final AtomicLong handoffs = new AtomicLong();
    /** Who may use {@link #encoder}, {@link #payloadBuf}, {@link #frame} and the transport's write side. */
    private final AtomicInteger owner = new AtomicInteger(FREE);
    // the fields below belong to whoever holds owner (OWNED or HANDOFF): the CAS and the release order them
    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] payloadBuf = new byte[FrameFormat.MAX_PAYLOAD];
    private final byte[] frame = new byte[FrameFormat.MAX_FRAME];
    private int remainderOff;
    private int remainderLen;
    private volatile boolean directWrite;

    private volatile boolean running;
    private volatile boolean connected;
    private volatile boolean leadingDelimiter;
    private volatile boolean purgeRequested;
    private volatile String writeFailure;
    private Thread reader;
    private Thread writer;
    /** Real-time settings the reader and writer threads apply to themselves as they start (none by default). */
    private volatile RealtimeOptions threadRealtime = RealtimeOptions.NONE;

    private SerialLink(String name, SerialConfig config, Transport transport, LinkSink sink, NanoClock clock) {
        this.name = name;
        this.config = config;
        this.transport = transport;
        this.sink = sink;
        this.clock = clock;
        this.queue = new MpscArrayQueue<>(config.writeQueueCapacity());
        this.freePayloads = new MpmcArrayQueue<>(Math.max(2, PAYLOAD_POOL));
        for (int i = 0; i < PAYLOAD_POOL; i++) {
            freePayloads.offer(new OutboundPayload());
        }
        this.badInputLog = new RateLimitedLog(LOG, clock, TimeUnit.SECONDS.toNanos(1));
        this.decoder = new FrameDecoder(new EnvelopeFrameHandler(this, name, sink, clock, badInputLog));
        // a transport that cannot write without waiting (in-process pipe) would hand every frame over anyway
        this.directWrite = directWriteDefault && transport instanceof TtyTransport;
    }

    /**
     * Whether links opened from now on on a tty write from the sending thread when the writer thread is idle
     * (default true). For {@code canopy bench latency --direct-write=false}, which compares both paths.
     */
    public static void directWriteByDefault(boolean on) {
        directWriteDefault = on;
    }

    /**
     * Whether this link's senders may write a frame themselves when the writer thread is idle and nothing is
     * queued (the default for a tty; an in-process link always queues). Call before {@link #start()}.
     */
    public SerialLink directWrite(boolean on) {
        this.directWrite = on;
        return this;
    }

    /** A link on a tty (device or symlink, pty included). Call {@link #start()}. */
    public static SerialLink open(SerialConfig config, LinkSink sink) {
        return open(config, sink, SystemNanoClock.INSTANCE);
    }

    /** As {@link #open(SerialConfig, LinkSink)}, stamping frames with {@code clock} (the node's, as the failsafe's). */
    public static SerialLink open(SerialConfig config, LinkSink sink, NanoClock clock) {
        config.validate();
        return new SerialLink(config.path(), config, new TtyTransport(config), sink, clock);
    }

    /** A link on one end of an {@link InProcessWire}. Call {@link #start()}. */
    public static SerialLink inProcess(String name, InProcessWire wire, boolean endA, LinkSink sink) {
        return inProcess(name, wire, endA, sink, SystemNanoClock.INSTANCE);
    }

    /** As {@link #inProcess(String, InProcessWire, boolean, LinkSink)}, stamping received frames with {@code clock}. */
    public static SerialLink inProcess(String name, InProcessWire wire, boolean endA, LinkSink sink, NanoClock clock) {
        SerialConfig config = SerialConfig.of(name, 1_000_000);
        return new SerialLink(name, config, wire.end(endA), sink, clock);
    }

    /** The clock time (the link's clock) the last good frame arrived at; 0 before the first. Any thread. */
    public long lastFrameNs() {
        return lastFrameNs;
    }

    void frameArrived(long nowNs) {
        lastFrameNs = nowNs;
    }

    private volatile long lastFrameNs;

    /**
     * Real-time settings (SCHED_FIFO priority, CPU, timer slack) for the reader and writer threads, applied by
     * each thread to itself when {@link #start()} starts it; a refused setting is logged and the thread runs
     * without it. Call before {@link #start()}.
     */
    public SerialLink threadRealtime(RealtimeOptions options) {
        this.threadRealtime = options == null ? RealtimeOptions.NONE : options;
        return this;
    }

    /** Opens a tty now (a port held elsewhere: InputException); starts the threads; the reader retries an absent port. */
    public SerialLink start() {
        if (running) {
            throw new IllegalStateException("serial link " + name + " already started");
        }
        connected = transport instanceof TtyTransport tty && tty.openOrRefuse();
        leadingDelimiter = connected;
        running = true;
        reader = new Thread(this::readLoop, "serial-reader " + name);
        writer = new Thread(this::writeLoop, "serial-writer " + name);
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
        return this;
    }

    /**
     * Queues a message for the writer thread. Never blocks.
     *
     * @return false when it was dropped: the device is lost, or the queue is full
     */
    public boolean send(Envelope envelope) {
        if (!connected) {
            droppedLost.incrementAndGet();
            return false;
        }
        if (directWrite) {
            int direct = tryDirect(envelope);
            if (direct != DIRECT_DECLINED) {
                return direct == DIRECT_DONE;
            }
        }
        if (!queue.offer(envelope)) {
            droppedFull.incrementAndGet();
            return false;
        }
        queued.incrementAndGet();
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
        }
        return true;
    }

    /**
     * A free payload buffer for {@link #send(OutboundPayload, int)}, or null when all are in flight (then
     * the message is dropped: count it as a full queue). Any thread; never blocks, never allocates.
     */
    public OutboundPayload claimPayload() {
        OutboundPayload p = freePayloads.poll();
        if (p == null) {
            droppedFull.incrementAndGet();
        }
        return p;
    }

    /**
     * Queues the first {@code length} bytes of a claimed payload (a serialized Envelope) for the writer
     * thread. Never blocks, never allocates. The payload goes back to the pool either way.
     *
     * @return false when it was dropped: the device is lost, or the queue is full
     */
    public boolean send(OutboundPayload payload, int length) {
        if (length < 0 || length > FrameFormat.MAX_PAYLOAD) {
            freePayloads.offer(payload);
            throw new IllegalArgumentException("payload length " + length + " is not in 0.." + FrameFormat.MAX_PAYLOAD);
        }
        payload.length = length;
        if (!connected) {
            droppedLost.incrementAndGet();
            freePayloads.offer(payload);
            return false;
        }
        if (directWrite) {
            int direct = tryDirect(payload);
            if (direct != DIRECT_DECLINED) {
                freePayloads.offer(payload);
                return direct == DIRECT_DONE;
            }
        }
        if (!queue.offer(payload)) {
            droppedFull.incrementAndGet();
            freePayloads.offer(payload);
            return false;
        }
        queued.incrementAndGet();
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
        }
        return true;
    }

    private static final int DIRECT_DECLINED = 0;
    private static final int DIRECT_DONE = 1;
    private static final int DIRECT_FAILED = 2;

    /**
     * The direct path, on the sending thread: when nobody writes and nothing is queued, takes the port for one
     * frame, encodes it and writes what the tty takes now (never waits: a CAS, a {@code tryLock}, one
     * non-blocking {@code write}); the rest of a partial write goes to the writer thread, which writes it before
     * anything else. DIRECT_DECLINED: the caller queues the message (the writer thread is busy, something is
     * queued, a reconnect's leading delimiter is due, or the port is being closed).
     */
    private int tryDirect(Object item) {
        if (owner.get() != FREE || !queue.isEmpty() || leadingDelimiter || purgeRequested || writeFailure != null) {
            return DIRECT_DECLINED;
        }
        if (!owner.compareAndSet(FREE, OWNED)) {
            return DIRECT_DECLINED;
        }
        // under the flag: the writer thread polls only while it holds the flag, so an empty queue now means that
        // no frame sent before this one is still waiting or being written
        if (!queue.isEmpty() || !connected || leadingDelimiter || !ioLock.tryLock()) {
            releaseOwner();
            return DIRECT_DECLINED;
        }
        int n;
        int w;
        try {
            if (!connected) {
                releaseOwner();
                return DIRECT_DECLINED;
            }
            n = encodeFrame(item);
            if (n < 0) {
                releaseOwner();
                return DIRECT_FAILED;
            }
            w = transport.tryWrite(frame, 0, n);
        } catch (RuntimeException e) {
            releaseOwner(); // never leave the port owned: the writer thread would wait for it for ever
            throw e;
        } finally {
            ioLock.unlock();
        }
        queued.incrementAndGet();
        if (w == n) {
            sent.incrementAndGet();
            writtenDirect.incrementAndGet();
            releaseOwner();
            return DIRECT_DONE;
        }
        if (w < 0) {
            droppedLost.incrementAndGet();
            if (connected) {
                writeFailure = transport.lastError();
            }
            releaseOwner();
            return DIRECT_FAILED;
        }
        remainderOff = w;
        remainderLen = n - w;
        handoffs.incrementAndGet();
        owner.set(HANDOFF); // publishes the remainder; from here the port is the writer thread's
        LockSupport.unpark(writer);
        return DIRECT_DONE;
    }

    /** Gives the port back; wakes the writer thread if a message was queued meanwhile (its sender saw the flag). */
    private void releaseOwner() {
        owner.set(FREE);
        if (!queue.isEmpty()) {
            LockSupport.unpark(writer);
        }
    }

    /**
     * Under the flag: serializes (an Envelope) or takes (a payload) the message and encodes its frame into
     * {@link #frame}; the frame length, or -1 when the message was dropped as too large (counted, logged).
     */
    private int encodeFrame(Object item) {
        if (item instanceof OutboundPayload) {
            OutboundPayload raw = (OutboundPayload) item;
            return encoder.encode(raw.buffer(), 0, raw.length, frame);
        }
        Envelope e = (Envelope) item;
        int size = e.getSerializedSize();
        if (size > FrameFormat.MAX_PAYLOAD) {
            droppedTooLarge.incrementAndGet();
            LOG.error("serial {}: outgoing {} of {} bytes exceeds the frame limit of {} bytes; dropped",
                    name, e.getBodyCase(), size, FrameFormat.MAX_PAYLOAD);
            return -1;
        }
        try {
            CodedOutputStream out = CodedOutputStream.newInstance(payloadBuf, 0, size);
            e.writeTo(out);
            out.checkNoSpaceLeft();
        } catch (IOException | RuntimeException ex) {
            droppedTooLarge.incrementAndGet();
            LOG.error("serial {}: could not serialize outgoing {}: {}", name, e.getBodyCase(), ex.toString());
            return -1;
        }
        return encoder.encode(payloadBuf, 0, size, frame);
    }

    private void readLoop() {
        applyRealtime("serial-reader " + name);
        byte[] buf = new byte[4096];
        long backoffMs = config.reconnectMinMs();
        boolean everOpen = connected;
        boolean lostRaised = false;
        long lostAtNs = 0;
        while (running) {
            if (!connected) {
                if (purgeRequested) {
                    // the writer thread (the queue's only consumer) drops what was queued before the loss
                    LockSupport.unpark(writer);
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                    continue;
                }
                try {
                    transport.open();
                } catch (IOException | RuntimeException e) {
                    if (!lostRaised) {
                        lostRaised = true;
                        lostAtNs = clock.nanoTime();
                        lostCount.incrementAndGet();
                        LOG.warn("serial {}: cannot open ({}); sending nothing, retrying every {}..{} ms",
                                name, e.getMessage(), config.reconnectMinMs(), config.reconnectMaxMs());
                        notifyLost("cannot open: " + e.getMessage());
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(backoffMs));
                    backoffMs = Math.min(backoffMs * 2, config.reconnectMaxMs());
                    continue;
                }
                decoder.reset();
                writeFailure = null;
                leadingDelimiter = true;
                connected = true;
                backoffMs = config.reconnectMinMs();
                if (lostRaised && everOpen) {
                    LOG.info("serial {}: device back after {} ms", name,
                            TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - lostAtNs));
                    notifyBack();
                } else if (lostRaised) {
                    LOG.info("serial {}: opened ({})", name, config.describe());
                    notifyBack();
                } else {
                    LOG.debug("serial {}: opened ({})", name, config.describe());
                }
                everOpen = true;
                lostRaised = false;
            }
            int n = transport.read(buf, POLL_MS);
            if (n > 0) {
                decoder.accept(buf, 0, n);
            }
            String failure = n < 0 ? transport.lastError() : writeFailure;
            if (failure != null && running) {
                lostRaised = true;
                lostAtNs = clock.nanoTime();
                lostCount.incrementAndGet();
                connected = false;
                purgeRequested = true;
                LockSupport.unpark(writer);
                ioLock.lock();
                try {
                    transport.close();
                } finally {
                    ioLock.unlock();
                }
                LOG.warn("serial {}: device lost ({}); sending nothing, retrying every {}..{} ms",
                        name, failure, config.reconnectMinMs(), config.reconnectMaxMs());
                notifyLost(failure);
            }
        }
        connected = false;
        ioLock.lock();
        try {
            transport.close();
        } finally {
            ioLock.unlock();
        }
    }

    private void notifyLost(String reason) {
        try {
            sink.onDeviceLost(this, reason);
        } catch (RuntimeException e) {
            LOG.error("serial {}: the device-lost handler threw", name, e);
        }
    }

    private void notifyBack() {
        try {
            sink.onDeviceBack(this);
        } catch (RuntimeException e) {
            LOG.error("serial {}: the device-back handler threw", name, e);
        }
    }

    private void applyRealtime(String role) {
        RealtimeOptions options = threadRealtime;
        if (!options.isNone()) {
            RealtimeKnobs.apply(options, role);
        }
    }

    /** Writer thread only (the queue has one consumer): drops everything queued. */
    private void purgeQueue() {
        Object o;
        while ((o = queue.poll()) != null) {
            droppedLost.incrementAndGet();
            recycle(o);
        }
    }

    private void recycle(Object o) {
        if (o instanceof OutboundPayload) {
            freePayloads.offer((OutboundPayload) o);
        }
    }

    private void writeLoop() {
        applyRealtime("serial-writer " + name);
        while (running) {
            if (purgeRequested) {
                purgeQueue();
                purgeRequested = false;
            }
            int state = owner.get();
            if (state == HANDOFF) {
                writeRemainder();
                continue;
            }
            if (queue.isEmpty()) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(POLL_MS));
                continue;
            }
            if (state != FREE || !owner.compareAndSet(FREE, OWNED)) {
                // a sender is writing one frame directly (microseconds); it unparks this thread when it is done
                LockSupport.parkNanos(WAIT_FOR_SENDER_NS);
                continue;
            }
            Object item = queue.poll();
            try {
                if (item != null) {
                    writeQueued(item);
                }
            } finally {
                owner.set(FREE);
            }
        }
    }

    private static final long WAIT_FOR_SENDER_NS = 20_000;

    /** Writer thread, holding the flag: writes one queued message (or drops it: device lost, too large). */
    private void writeQueued(Object item) {
        if (!connected || writeFailure != null) {
            droppedLost.incrementAndGet();
            recycle(item);
            return;
        }
        int n = encodeFrame(item);
        recycle(item);
        if (n < 0) {
            return;
        }
        boolean ok;
        ioLock.lock();
        try {
            ok = connected;
            if (ok && leadingDelimiter) {
                // after (re)opening: end whatever partial frame the peer may hold
                leadingDelimiter = false;
                ok = transport.write(DELIMITER, 1);
            }
            ok = ok && transport.write(frame, n);
        } finally {
            ioLock.unlock();
        }
        countWrite(ok);
    }

    /** Writer thread, in HANDOFF: writes the rest of a frame a sender began, then gives the port back. */
    private void writeRemainder() {
        boolean ok;
        ioLock.lock();
        try {
            ok = connected;
            if (ok) {
                System.arraycopy(frame, remainderOff, frame, 0, remainderLen);
                ok = transport.write(frame, remainderLen);
            }
        } finally {
            ioLock.unlock();
        }
        countWrite(ok);
        owner.set(FREE);
    }

    private void countWrite(boolean ok) {
        if (ok) {
            sent.incrementAndGet();
        } else {
            droppedLost.incrementAndGet();
            if (connected) {
                writeFailure = transport.lastError();
            }
        }
    }

    /** Stops both threads and closes the port. Messages still queued are dropped. */
    @Override
    public void close() {
        running = false;
        Thread r = reader;
        Thread w = writer;
        if (w != null) {
            LockSupport.unpark(w);
            join(w);
        }
        if (r != null) {
            LockSupport.unpark(r);
            join(r);
        }
        connected = false;
    }

    private static void join(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ids of the reader and writer threads (for CPU accounting by the bench). */
    public long[] threadIds() {
        return new long[] {reader.getId(), writer.getId()};
    }

    /** The port path (or the in-process name). */
    public String name() {
        return name;
    }

    public SerialConfig config() {
        return config;
    }

    /** Whether the port is open and working. */
    public boolean isConnected() {
        return connected;
    }

    /** Bad frames of one kind received so far. */
    public long receiveErrors(FrameError kind) {
        return decoder.errors(kind);
    }

    /** Bad frames of every kind (sequence gaps not included). */
    public long badFrames() {
        return decoder.badFrames();
    }

    /** Messages {@link #send} accepted: written directly, handed to the writer thread, or queued for it. */
    public long framesQueued() {
        return queued.get();
    }

    /** Good frames received. */
    public long framesReceived() {
        return decoder.frames();
    }

    /** Frames the peer sent that never arrived (from seq gaps). */
    public long framesLost() {
        return decoder.lostFrames();
    }

    /** Bytes received since start (the byte offsets in log lines count from the start). */
    public long bytesReceived() {
        return decoder.bytes();
    }

    /** Frames written to the port. */
    public long framesSent() {
        return sent.get();
    }

    /** Frames the sending thread wrote whole itself (the direct path), a part of {@link #framesSent()}. */
    public long framesWrittenDirect() {
        return writtenDirect.get();
    }

    /** Frames the sending thread began and the writer thread finished (EAGAIN or a partial write on the direct path). */
    public long directHandoffs() {
        return handoffs.get();
    }

    /** Messages {@link #send} dropped because the queue was full. */
    public long droppedQueueFull() {
        return droppedFull.get();
    }

    /** Messages dropped because the device was lost. */
    public long droppedDeviceLost() {
        return droppedLost.get();
    }

    /** Messages dropped because they serialize to more than 1024 bytes. */
    public long droppedTooLarge() {
        return droppedTooLarge.get();
    }

    /** How many times the device was lost (or could not be opened). */
    public long lostCount() {
        return lostCount.get();
    }
}
