package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.NodeRegistry;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.record.BagInfo;
import io.canopy.launch.record.RecordSession;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy run --record} on the demo, 30 s of node time on the manual clock (the simulator and the ticker in
 * lockstep, as in DemoTenCyclesTest): the MCAP file holds a channel per timer, the base's serial messages, motor
 * set-points, each tree's and the machine's transitions, with the launch, tree and machine files attached; and a
 * copy cut in the middle (as a kill -9 leaves it) still reads up to the cut.
 */
class RecordDemoTest {
    @TempDir
    Path dir;

    private static void await(SerialLink from, SerialLink to) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (from.framesSent() < from.framesQueued() || to.framesReceived() + to.badFrames() < from.framesSent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("frames stuck on the in-process cable");
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Recording overhead: the time spent in the node's ticks (ticker.advance) over 30 s of the demo, without and with a
     * recording, each run twice (the first warms the JIT). A quick figure on a shared host, printed, not a benchmark.
     */
    @Test
    void tickTimeWithAndWithoutRecording() throws Exception {
        long[] plain = new long[2];
        long[] recorded = new long[2];
        for (int round = 0; round < 2; round++) {
            plain[round] = tickNs(false);
            recorded[round] = tickNs(true);
        }
        System.out.printf("tick time over 1500 control ticks: without recording %.1f ms, with %.1f ms (%+.1f %%)%n",
                plain[1] / 1e6, recorded[1] / 1e6, 100.0 * (recorded[1] - plain[1]) / plain[1]);
        assertThat(recorded[1]).isPositive();
    }

    private long tickNs(boolean record) throws Exception {
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", String.valueOf(PatrolDemoTest.freePort()), "battery", "25"));
        RecordSession session = record ? RecordSession.start(dir.resolve("o" + System.nanoTime() + ".mcap"), plan, 0) : null;
        ManualNanoClock clock = new ManualNanoClock();
        NodeRuntime node = NodeRuntime.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(),
                record ? session.tap(plan.nodes().get(0)) : NodeTap.NONE);
        long spent = 0;
        try {
            node.startManual();
            LinkRuntime base = node.view().linkRuntime("base");
            DiffDriveSim sim = base.sim;
            long open = System.nanoTime() + 5_000_000_000L;
            while (!(sim.link().isConnected() && base.link.isConnected()) && System.nanoTime() < open) {
                Thread.onSpinWait();
            }
            long step = DiffDriveSim.stepNs();
            for (long t = 0; t < 30_000_000_000L; t += step) {
                sim.step(clock.nanoTime() + step);
                await(sim.link(), base.link);
                long t0 = System.nanoTime();
                node.control().advance(step);
                spent += System.nanoTime() - t0;
                await(base.link, sim.link());
            }
        } finally {
            node.shutdown(1_000_000_000L);
            if (session != null) {
                session.close();
            }
        }
        return spent;
    }

    @Test
    void recordsThirtySecondsOfTheDemoAndACutCopyStillReads() throws Exception {
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", String.valueOf(PatrolDemoTest.freePort()), "battery", "25"));
        Path file = dir.resolve("run.mcap");
        RecordSession session = RecordSession.start(file, plan, 0).chunkBytes(32 << 10); // chunks as a real-time run has them
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
            for (long t = 0; t < 30_000_000_000L; t += step) {
                sim.step(clock.nanoTime() + step);
                await(sim.link(), base.link);
                node.control().advance(step);
                await(base.link, sim.link());
            }
        } finally {
            node.shutdown(1_000_000_000L);
            session.close();
        }
        BagInfo info = BagInfo.read(file);
        Map<String, Long> counts = info.channels().stream().collect(Collectors.toMap(BagInfo.Channel::topic, BagInfo.Channel::count));
        System.out.println("recorded " + counts);
        assertThat(info.complete()).isTrue();
        assertThat(info.attachments()).contains("patrol.launch.xml", "trees/patrol.xml", "trees/dock.xml", "mission.scxml");
        assertThat(counts.get("robot1/controller/timer/control")).as("50 Hz for 30 s").isBetween(1495L, 1501L);
        assertThat(counts.get("robot1/controller/timer/telemetry")).isBetween(59L, 61L);
        assertThat(counts.get("robot1/controller/in/serial/base")).isGreaterThan(1000L);
        assertThat(counts.get("robot1/controller/out/motors")).isGreaterThan(10L);
        assertThat(counts.get("robot1/controller/machine/mission")).as("Patrol, then ReturnToDock at 20 %").isGreaterThanOrEqualTo(2L);
        assertThat(counts.get("robot1/controller/tree/patrol")).isGreaterThan(10L);
        assertThat(info.metadata().get("canopy")).containsEntry("launch", "patrol.launch.xml");

        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        int exit;
        try {
            exit = io.canopy.launch.cli.CanopyMain.execute("echo", "--bag", file.toString(), "robot1/controller/machine/#");
        } finally {
            System.setOut(stdout);
        }
        String echoed = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(exit).isZero();
        assertThat(echoed).contains("robot1/controller/machine/mission", "active: \"Patrol\"", "active: \"ReturnToDock\"");

        Path cut = dir.resolve("cut.mcap");
        io.canopy.launch.record.McapCut.cutAmidTicks(file, cut, "/timer/control", 0); // as a kill -9 leaves a file: mid-chunk
        BagInfo part = BagInfo.read(cut);
        assertThat(part.complete()).isFalse();
        assertThat(part.problem()).contains("cut short");
        assertThat(part.messageCount()).isPositive().isLessThan(info.messageCount());

        // canopy bag info on it: says it is truncated, and still counts what is there, per channel
        java.io.ByteArrayOutputStream shown = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(shown, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            exit = io.canopy.launch.cli.CanopyMain.execute("bag", "info", cut.toString());
        } finally {
            System.setOut(stdout);
        }
        String text = shown.toString(java.nio.charset.StandardCharsets.UTF_8);
        System.out.println(text);
        assertThat(exit).isZero();
        assertThat(text).containsPattern("truncated: +(record at byte \\d+ is cut short|file ends at byte \\d+ without a footer)")
                .contains("messages:    " + part.messageCount() + " in ");
        long control = part.channels().stream().filter(c -> c.topic().endsWith("/timer/control")).findFirst().orElseThrow().count();
        assertThat(control).isBetween(1L, 1499L);
        assertThat(text).containsPattern("robot1/controller/timer/control +canopy.record.v1.Tick +" + control + " msgs +(49\\.9\\d|50\\.0\\d) Hz");
    }
}
