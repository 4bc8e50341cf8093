package io.canopy.launch.cli.bench;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.serial.TtyTransport;
import io.canopy.hardware.wire.FrameDecoder;
import io.canopy.hardware.wire.FrameEncoder;
import io.canopy.hardware.wire.FrameFormat;
import io.canopy.hardware.wire.FrameHandler;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.RangeReading;
import io.canopy.tick.realtime.RealtimeKnobs;
import io.canopy.tick.realtime.RealtimeOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Sense-to-act latency, end to end through a real pty: a node whose tree copies the front range reading into
 * the left wheel's velocity set-point runs on one end of a socat pty pair; a peer on the other end (this
 * process, its own link) sends {@code RangeReading}s at a mean rate, each with a new value, and times each
 * until the {@code MotorCommand} carrying that value comes back. Once with the tree's timer ticking on its
 * own, once with {@code wake_on} the reading, and once ({@code floor}) against a trivial echo instead of a node:
 * one thread that reads the pty, decodes the reading and writes the command itself (no tick thread, no writer
 * thread), which is the least this host and pty can do.
 */
public final class LatencyBench {
    /** The figures of one mode. */
    public record Figures(String mode, int sent, int answered, double p50Us, double p99Us, double p999Us, double maxUs) {}

    private LatencyBench() {}

    static final String TREE = """
            <root BTCPP_format="4" main_tree_to_execute="Follow">
              <BehaviorTree ID="Follow"><KeepRunningUntilFailure>
                <Script code="left := front_range"/>
              </KeepRunningUntilFailure></BehaviorTree>
            </root>
            """;

    /**
     * The launch file: one timer, the pty link, the range sensor bound to the blackboard, the tree, the motor; with
     * {@code fifo > 0}, a {@code <realtime>} that puts the tick thread at that SCHED_FIFO priority (1 ns timer slack)
     * and the link's threads one below it; {@code idle} is the tick thread's {@code <realtime idle>}. The node has no
     * MQTT ({@code <mqtt broker="none"/>}): nothing of a broker competes for the two cores.
     */
    /** The tick thread's default way to wait ({@code <realtime idle>}). */
    public static final String DEFAULT_IDLE = "park-then-spin";

    static String launch(double timerHz, boolean wake, String minInterval, int fifo, String idle) {
        String wakeAttrs = wake ? " wake_on=\"serial:base/RangeReading\" wake_min_interval=\"" + minInterval + "\"" : "";
        String idleAttr = idle.equals(DEFAULT_IDLE) ? "" : " idle=\"" + idle + "\"";
        String realtime = fifo > 0
                ? "\n    <realtime fifo=\"%d\" timer_slack_ns=\"1\" io_fifo=\"%d\"%s/>".formatted(fifo, Math.max(1, fifo - 1), idleAttr)
                : idleAttr.isEmpty() ? "" : "\n    <realtime%s/>".formatted(idleAttr);
        return """
                <launch>
                  <arg name="port"/>
                  <node name="latency">%s
                    <timer name="control" hz="%s"/>
                    <serial name="base" port="$(var port)" baud="1000000" timeout_ms="5000"/>
                    <motor name="left" link="base" id="0" timeout_ms="5000"/>
                    <sensor name="front" link="base" type="RangeReading" id="0"/>
                    <tree file="follow.xml" timer="control"%s/>
                    <mqtt broker="none"/>
                    <bind from="sensor:front.range_m" to="blackboard:front_range"/>
                    <bind from="blackboard:left" to="motor:left" timer="control"/>
                  </node>
                </launch>
                """.formatted(realtime, timerHz, wakeAttrs);
    }

    /** The far end of the pty: sends readings, times the commands that carry their values. */
    private static final class Peer implements LinkSink {
        /** Sender thread writes, the link's reader thread reads; the reader writes latencies, the caller reads them. */
        final AtomicLongArray sentNs;
        final AtomicLongArray latencyNs;
        final AtomicLong answered = new AtomicLong();
        final SerialLink link;

        Peer(Path port, int frames, RealtimeOptions realtime) {
            sentNs = new AtomicLongArray(frames + 1);
            latencyNs = new AtomicLongArray(frames + 1);
            for (int i = 0; i <= frames; i++) {
                latencyNs.set(i, -1);
            }
            // always through its writer thread, whatever the node's links do: the peer's part of the chain stays the same
            link = SerialLink.open(SerialConfig.of(port.toString(), 1_000_000), this).threadRealtime(realtime)
                    .directWrite(false).start();
        }

        @Override
        public void onEnvelope(SerialLink l, Envelope envelope, long receivedNs) {
            long now = System.nanoTime();
            if (envelope.getBodyCase() != Envelope.BodyCase.MOTOR_COMMAND) {
                return;
            }
            MotorCommand c = envelope.getMotorCommand();
            if (c.getTargetCase() != MotorCommand.TargetCase.VELOCITY) {
                return;
            }
            double v = c.getVelocity();
            int seq = (int) v;
            if (seq == v && seq >= 1 && seq < sentNs.length() && sentNs.get(seq) != 0 && latencyNs.get(seq) < 0) {
                latencyNs.set(seq, now - sentNs.get(seq));
                answered.incrementAndGet();
            }
        }

        /** Sends reading {@code seq} (its range is {@code seq} metres, exact in a float). */
        void send(int seq) {
            Envelope e = Envelope.newBuilder().setSource("peer")
                    .setRangeReading(RangeReading.newBuilder().setSensorId(0).setRangeM(seq).setMinM(0).setMaxM(1e7f)).build();
            sentNs.set(seq, System.nanoTime());
            link.send(e);
        }
    }

    /**
     * Runs one mode: {@code warmup} readings untimed, then {@code frames} timed, at {@code hz}, and waits up to
     * a second (plus a tick period) for the last answers. Mode {@code floor} answers with an {@link Echo}, the
     * others with a node ({@code wake}: {@code wake_on} the reading).
     */
    public static Figures run(Path dir, String mode, double sensorHz, double timerHz, boolean wake, String minInterval, int warmup,
            int frames, int fifo, String idle) throws Exception {
        Path sub = Files.createDirectories(dir.resolve(mode));
        Files.writeString(sub.resolve("follow.xml"), TREE);
        Path file = Files.writeString(sub.resolve("latency.launch.xml"), launch(timerHz, wake, minInterval, fifo, idle));
        int total = warmup + frames;
        try (SocatPtyPair pair = SocatPtyPair.start(sub)) {
            if (fifo > 0) {
                String refused = pair.fifo(fifo); // the pty stands for a USB-serial driver: it must not wait for a core either
                if (refused != null) {
                    throw new IllegalStateException("--fifo " + fifo + ": socat could not be given SCHED_FIFO (" + refused
                            + "); run as root or with CAP_SYS_NICE, or without --fifo");
                }
            }
            // the peer stands for a sensor board and a motor controller, which do not share the node's CPUs: with --fifo
            // its threads (and the sending thread) get the node's priority, so the host's other work does not delay them
            RealtimeOptions peerRealtime = fifo > 0 ? RealtimeOptions.NONE.fifoPriority(fifo).timerSlackNs(1) : RealtimeOptions.NONE;
            Peer peer = new Peer(pair.b(), total, peerRealtime);
            AutoCloseable answerer = mode.equals("floor")
                    ? new Echo(pair.a(), fifo > 0 ? RealtimeOptions.NONE.fifoPriority(Math.max(1, fifo - 1)) : RealtimeOptions.NONE)
                    : LaunchRunner.start(LaunchLoader.load(file, Map.of("port", pair.a().toString())))::shutdown;
            try {
                // on a thread of its own: a thread inherits its creator's SCHED_FIFO, and the node's other threads
                // (MQTT, pools) must not get the peer's priority
                RuntimeException[] failure = new RuntimeException[1];
                Thread sender = new Thread(() -> {
                    if (!peerRealtime.isNone()) {
                        RealtimeKnobs.apply(peerRealtime, "latency peer sender");
                    }
                    try {
                        drive(peer, sensorHz, timerHz, total);
                    } catch (RuntimeException e) {
                        failure[0] = e;
                    }
                }, "latency peer sender");
                sender.start();
                sender.join();
                if (failure[0] != null) {
                    throw failure[0];
                }
            } finally {
                answerer.close();
                peer.link.close();
            }
            return figures(mode, peer.latencyNs, warmup + 1, total);
        }
    }

    /** Sends the readings: the first until it is answered (the answerer is up), the rest at the mean rate. */
    private static void drive(Peer peer, double sensorHz, double timerHz, int total) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (peer.latencyNs.get(1) < 0 && System.nanoTime() < deadline) {
            peer.send(1); // again until the node is up and answers
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        if (peer.latencyNs.get(1) < 0) {
            throw new IllegalStateException("the node did not answer a range reading within 20 s; is the pty pair working?");
        }
        // readings at the given mean rate, each gap drawn from [0.5, 1.5) periods (seeded): a sensor is not
        // phase-locked to the node's timer, so the tick mode sees every phase
        long period = Math.round(1e9 / sensorHz);
        SplittableRandom random = new SplittableRandom(42);
        long next = System.nanoTime() + period;
        for (int seq = 2; seq <= total; seq++) {
            long wait;
            while ((wait = next - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            peer.send(seq);
            // from the actual send: a late wake-up of this thread never sends two readings back to back
            next = System.nanoTime() + period / 2 + random.nextLong(period);
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1) + Math.round(1e9 / timerHz);
        while (peer.latencyNs.get(total) < 0 && System.nanoTime() < end) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /**
     * The floor: one thread on the node's end of the pty that reads, decodes each {@code RangeReading} and writes
     * the {@code MotorCommand} carrying its range at once, with a blocking write on the same thread. No node, no
     * tick thread, no writer thread: only the pty both ways, the peer, and one thread wake-up.
     */
    static final class Echo implements AutoCloseable, FrameHandler {
        private final TtyTransport tty;
        private final Thread thread;
        private final FrameEncoder encoder = new FrameEncoder();
        private final byte[] payload = new byte[FrameFormat.MAX_PAYLOAD];
        private final byte[] frame = new byte[FrameFormat.MAX_FRAME];
        private volatile boolean running = true;

        Echo(Path port, RealtimeOptions realtime) throws IOException {
            tty = new TtyTransport(SerialConfig.of(port.toString(), 1_000_000));
            tty.open();
            thread = new Thread(() -> loop(realtime), "latency floor echo");
            thread.setDaemon(true);
            thread.start();
        }

        private void loop(RealtimeOptions realtime) {
            if (!realtime.isNone()) {
                RealtimeKnobs.apply(realtime, "latency floor echo");
            }
            FrameDecoder decoder = new FrameDecoder(this);
            byte[] buf = new byte[4096];
            while (running) {
                int n = tty.read(buf, 100);
                if (n > 0) {
                    decoder.accept(buf, 0, n);
                } else if (n < 0) {
                    return;
                }
            }
        }

        @Override
        public boolean onFrame(int seq, byte[] data, int off, int len) {
            Envelope in;
            try {
                in = Envelope.parseFrom(CodedInputStream.newInstance(data, off, len));
            } catch (IOException e) {
                return false;
            }
            if (in.getBodyCase() != Envelope.BodyCase.RANGE_READING) {
                return true;
            }
            Envelope out = Envelope.newBuilder().setSource("floor")
                    .setMotorCommand(MotorCommand.newBuilder().setMotorId(0).setVelocity(in.getRangeReading().getRangeM())).build();
            int size = out.getSerializedSize();
            try {
                CodedOutputStream o = CodedOutputStream.newInstance(payload, 0, size);
                out.writeTo(o);
            } catch (IOException e) {
                return true;
            }
            tty.write(frame, encoder.encode(payload, 0, size, frame));
            return true;
        }

        @Override
        public void close() {
            running = false;
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            tty.close();
        }
    }

    /** Percentiles of the answered readings {@code from..to}. */
    static Figures figures(String mode, AtomicLongArray latencyNs, int from, int to) {
        long[] got = new long[to - from + 1];
        int n = 0;
        for (int i = from; i <= to; i++) {
            if (latencyNs.get(i) >= 0) {
                got[n++] = latencyNs.get(i);
            }
        }
        long[] sorted = Arrays.copyOf(got, n);
        Arrays.sort(sorted);
        return new Figures(mode, to - from + 1, n, percentileUs(sorted, 0.50), percentileUs(sorted, 0.99),
                percentileUs(sorted, 0.999), n == 0 ? Double.NaN : sorted[n - 1] / 1e3);
    }

    /** The nearest-rank percentile, in microseconds (NaN when nothing was answered). */
    static double percentileUs(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e3;
    }
}
