package io.canopy.launch.cli.bench;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import com.google.protobuf.CodedInputStream;
import io.canopy.hardware.wire.FrameDecoder;
import io.canopy.hardware.wire.FrameEncoder;
import io.canopy.hardware.wire.FrameFormat;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorState;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The measurements of {@code canopy bench serial}: round trips over a socat pty pair (a link on each end,
 * one echoing), one-way throughput, idle CPU of a link's threads, and the in-process cost of framing.
 */
public final class SerialBench {
    private SerialBench() {}

    /** Round trip and throughput over a pty pair at one baud rate (ptys do not pace bytes by baud). */
    public record LinkFigures(int baud, int frameBytes, long roundTrips, double p50Us, double p99Us, double maxUs,
            double framesPerSecond, long badFrames, double readerBytesPerFrame) {}

    /** Framing cost in-process. */
    public record CodecFigures(int payloadBytes, double encodeNsPerFrame, double decodeNsPerFrame,
            double parseNsPerFrame, double receiveBytesAllocatedPerFrame, double parseBytesAllocatedPerFrame) {}

    /** CPU used by a link's reader and writer threads while the line is idle. */
    public record IdleFigures(double seconds, double cpuPercentOfOneCore) {}

    /**
     * Round trips: the left link sends a small Envelope, the right link echoes it, the left link's reader
     * records the time; one frame in flight at a time. Then {@code frames} frames one way as fast as the
     * writer goes, counted at the other end.
     */
    public static LinkFigures roundTrips(Path dir, int baud, int warmup, int roundTrips, int frames) throws IOException {
        try (SocatPtyPair pair = SocatPtyPair.start(dir.resolve("a-" + baud), dir.resolve("b-" + baud))) {
            Histogram histogram = new Histogram(1, TimeUnit.SECONDS.toNanos(10), 3);
            AtomicLong replies = new AtomicLong();
            AtomicLong lastSentNs = new AtomicLong();
            Thread caller = Thread.currentThread();
            LinkSink leftSink = (link, e, at) -> {
                histogram.recordValue(Math.max(1, at - lastSentNs.get()));
                replies.incrementAndGet();
                LockSupport.unpark(caller);
            };
            SerialLink[] right = new SerialLink[1];
            AtomicLong received = new AtomicLong();
            LinkSink echo = (link, e, at) -> {
                received.incrementAndGet();
                if (e.getCorrelationId() != 0) {
                    right[0].send(e);
                }
            };
            try (SerialLink left = SerialLink.open(SerialConfig.of(pair.a().toString(), baud), leftSink).start();
                    SerialLink r = SerialLink.open(SerialConfig.of(pair.b().toString(), baud)
                            .withWriteQueueCapacity(Math.max(256, frames)), echo).start()) {
                right[0] = r;
                awaitConnected(left, r);
                Envelope.Builder ping = Envelope.newBuilder().setSource("bench");
                int frameBytes = 0;
                for (int i = 1; i <= warmup + roundTrips; i++) {
                    if (i == warmup + 1) {
                        histogram.reset();
                    }
                    Envelope e = ping.setCorrelationId(i).build();
                    frameBytes = e.getSerializedSize() + 4;
                    long want = replies.get() + 1;
                    lastSentNs.set(System.nanoTime());
                    left.send(e);
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                    while (replies.get() < want && System.nanoTime() - deadline < 0) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
                    }
                    if (replies.get() < want) {
                        throw new IOException("no echo within 2 s on " + pair.a() + " (round trip " + i + ")");
                    }
                }
                long before = received.get();
                com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
                long readerId = r.threadIds()[0];
                long allocatedBefore = mx.getThreadAllocatedBytes(readerId);
                Envelope blast = Envelope.newBuilder().setSource("bench").build();
                long start = System.nanoTime();
                for (int i = 0; i < frames; i++) {
                    while (!left.send(blast)) {
                        Thread.onSpinWait();
                    }
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (received.get() - before < frames && System.nanoTime() - deadline < 0) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                long blasted = Math.max(1, received.get() - before);
                double readerBytes = (mx.getThreadAllocatedBytes(readerId) - allocatedBefore) / (double) blasted;
                return new LinkFigures(baud, frameBytes, histogram.getTotalCount(),
                        histogram.getValueAtPercentile(50) / 1e3, histogram.getValueAtPercentile(99) / 1e3,
                        histogram.getMaxValue() / 1e3, (received.get() - before) / seconds,
                        left.badFrames() + r.badFrames(), readerBytes);
            }
        }
    }

    /** CPU time of a link's two threads over {@code seconds} of an idle, open line. */
    public static IdleFigures idleCpu(Path dir, double seconds) throws IOException {
        try (SocatPtyPair pair = SocatPtyPair.start(dir.resolve("idle-a"), dir.resolve("idle-b"));
                SerialLink link = SerialLink.open(SerialConfig.of(pair.a().toString(), 115200), (l, e, at) -> { })
                        .start()) {
            awaitConnected(link, link);
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long[] ids = link.threadIds();
            long cpu0 = cpu(mx, ids);
            long t0 = System.nanoTime();
            LockSupport.parkNanos((long) (seconds * 1e9));
            long wall = System.nanoTime() - t0;
            long cpu = cpu(mx, ids) - cpu0;
            return new IdleFigures(wall / 1e9, 100.0 * cpu / wall);
        }
    }

    private static long cpu(ThreadMXBean mx, long[] ids) {
        long sum = 0;
        for (long id : ids) {
            sum += Math.max(0, mx.getThreadCpuTime(id));
        }
        return sum;
    }

    /**
     * Encode (frame only), decode (frame only, no protobuf), protobuf parse, and bytes allocated per frame
     * by the decoder on the receive path (everything but the protobuf parse), for a MotorState Envelope.
     * Costs are thread CPU time per frame, so other processes on a busy machine do not inflate them.
     */
    public static CodecFigures codec(int iterations) {
        Envelope e = Envelope.newBuilder().setStampNs(1_700_000_000_000_000_000L).setSource("sim/base")
                .setMotorState(MotorState.newBuilder().setMotorId(1).setPosition(12.5).setVelocity(3.25)
                        .setEffort(0.01)).build();
        byte[] payload = e.toByteArray();
        byte[] frame = new byte[FrameFormat.MAX_FRAME];
        FrameEncoder encoder = new FrameEncoder();
        int n = 0;
        for (int i = 0; i < iterations; i++) {
            n = encoder.encode(payload, 0, payload.length, frame); // warm-up
        }
        long t0 = cpuNs();
        for (int i = 0; i < iterations; i++) {
            n = encoder.encode(payload, 0, payload.length, frame);
        }
        double encodeNs = (cpuNs() - t0) / (double) iterations;
        long[] sink = new long[1];
        FrameDecoder decoder = new FrameDecoder((seq, p, off, len) -> {
            sink[0] += len;
            return true;
        });
        for (int i = 0; i < iterations; i++) {
            decoder.accept(frame, 0, n); // warm-up; seq gaps are counted, not a cost that matters here
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long a0 = mx.getThreadAllocatedBytes(tid);
        long t1 = cpuNs();
        for (int i = 0; i < iterations; i++) {
            decoder.accept(frame, 0, n);
        }
        double decodeNs = (cpuNs() - t1) / (double) iterations;
        long allocated = mx.getThreadAllocatedBytes(tid) - a0;
        long t2 = 0;
        long check = 0;
        for (int i = 0; i < 2 * iterations; i++) {
            if (i == iterations) {
                t2 = cpuNs();
            }
            try {
                check += Envelope.parseFrom(payload).getSerializedSize();
            } catch (IOException ex) {
                throw new IllegalStateException(ex);
            }
        }
        double parseNs = (cpuNs() - t2) / (double) iterations;
        long a1 = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < iterations; i++) {
            try {
                check += Envelope.parseFrom(CodedInputStream.newInstance(payload, 0, payload.length))
                        .getSerializedSize();
            } catch (IOException ex) {
                throw new IllegalStateException(ex);
            }
        }
        double parseBytes = (mx.getThreadAllocatedBytes(tid) - a1) / (double) iterations;
        if (check == 42 && sink[0] == 42) {
            System.out.print(""); // keeps the loops from being optimised away
        }
        return new CodecFigures(payload.length, encodeNs, decodeNs, parseNs, allocated / (double) iterations, parseBytes);
    }

    /** CPU time of this thread: on a shared machine, wall time would count other processes' turns. */
    private static long cpuNs() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static void awaitConnected(SerialLink a, SerialLink b) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!(a.isConnected() && b.isConnected())) {
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("the links did not open within 10 s: " + a.name() + ", " + b.name());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
    }

    /** A temporary directory for the pty links. */
    public static Path tempDir() throws IOException {
        return Files.createTempDirectory("canopy-bench-serial");
    }
}
