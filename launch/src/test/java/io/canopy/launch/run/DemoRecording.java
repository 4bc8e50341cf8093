package io.canopy.launch.run;

import io.canopy.bt.NodeRegistry;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.record.RecordSession;
import io.canopy.launch.route.ProtoData;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Records the demo (launch/examples/patrol.launch.xml: the simulated base in-process, the embedded broker) on the
 * manual clock, the simulator and the ticker in lockstep, as {@code canopy run --record} would record it: for the
 * recording and replay tests. Optionally an MQTT command arrives at given node times: it is put into the inbox the
 * way the MQTT client's callback puts it there (the route's key, the Event as its attachment), so that its tick is
 * known; the broker itself runs but nobody publishes to it.
 */
public final class DemoRecording {
    private DemoRecording() {}

    /** Records {@code seconds} of node time into {@code file}; {@code commands}: node time (ns) to "stop"/"start". */
    public static void record(Path file, Map<String, String> args, long seconds, Map<Long, String> commands) throws IOException {
        record(file, args, seconds, commands, 0);
    }

    /** As above, starting a new file whenever one reaches {@code maxBytes} (--record-max-size; 0: never). */
    public static void record(Path file, Map<String, String> args, long seconds, Map<Long, String> commands, long maxBytes)
            throws IOException {
        Map<String, String> all = new LinkedHashMap<>(args);
        all.putIfAbsent("mqtt_port", String.valueOf(freePort()));
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"), all);
        RecordSession session = RecordSession.start(file, plan, maxBytes).chunkBytes(32 << 10); // chunks as in a real-time run
        ManualNanoClock clock = new ManualNanoClock();
        NodeRuntime node = NodeRuntime.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(), session.tap(plan.nodes().get(0)));
        try {
            node.startManual();
            LinkRuntime base = node.view().linkRuntime("base");
            DiffDriveSim sim = base.sim;
            long open = System.nanoTime() + 5_000_000_000L;
            while (!(sim.link().isConnected() && base.link.isConnected()) && System.nanoTime() < open) {
                Thread.onSpinWait();
            }
            long step = DiffDriveSim.stepNs();
            Event scratch = new Event(0);
            for (long t = 0; t < seconds * 1_000_000_000L; t += step) {
                String command = commands.get(t);
                if (command != null) {
                    String key = node.view().routes().stream().filter(r -> r.key().endsWith("mqtt:cmd/" + command + " -> event:" + command))
                            .findFirst().orElseThrow().key();
                    scratch.set(EventKind.COMMAND, key, clock.nanoTime())
                            .attachment(new ProtoData(io.canopy.proto.Event.newBuilder().setName(command).build()));
                    node.control().inbox().offer(scratch);
                    scratch.attachment(null);
                }
                sim.step(clock.nanoTime() + step);
                await(sim.link(), base.link);
                node.control().advance(step);
                await(base.link, sim.link());
            }
        } finally {
            node.shutdown(1_000_000_000L);
            session.close();
        }
    }

    static void await(SerialLink from, SerialLink to) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (from.framesSent() < from.framesQueued() || to.framesReceived() + to.badFrames() < from.framesSent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("frames stuck on the in-process cable");
            }
            Thread.onSpinWait();
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
