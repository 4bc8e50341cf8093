package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.proto.Envelope;
import io.canopy.proto.FaultFlag;
import io.canopy.tick.TickListener;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's device roles talking to the simulated base over a real pty pair (socat) and in-process. A
 * small reactive behaviour (drive while the way is clear, else turn) stands in for a tree; the test
 * thread is its tick thread.
 */
class SimulatedBaseTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private SocatPtyPair pair;
    private SerialLink node;
    private DiffDriveSim sim;
    private final MotorController motors = new MotorController("node/base", 2, 300, 50);
    private final RangeSensor range = new RangeSensor("front", 0);
    private final BatteryMonitor battery = new BatteryMonitor("battery");
    private final Downstream downstream = new Downstream();

    /** What the hub forwards: DeviceInfo and Heartbeat envelopes, device.lost / device.back. */
    static final class Downstream implements LinkSink {
        final List<Envelope> envelopes = new CopyOnWriteArrayList<>();
        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
            envelopes.add(envelope);
        }

        @Override
        public void onDeviceLost(SerialLink link, String reason) {
            events.add(SerialLink.EVENT_DEVICE_LOST);
        }

        @Override
        public void onDeviceBack(SerialLink link) {
            events.add(SerialLink.EVENT_DEVICE_BACK);
        }

        boolean sawDeviceInfo() {
            return envelopes.stream().anyMatch(e -> e.hasDeviceInfo()
                    && e.getDeviceInfo().getModel().equals(DiffDriveSim.MODEL));
        }
    }

    /** Drive forward while the range is clear, turn left when something is near. */
    final class Wander implements TickListener {
        @Override
        public void onTick(long nowNs) {
            double r = range.rangeM();
            if (Double.isNaN(r) || range.latest().isStale(nowNs, 500_000_000L)) {
                motors.setStop(0);
                motors.setStop(1);
            } else if (r > 0.6) {
                motors.setVelocity(0, 8);
                motors.setVelocity(1, 8);
            } else {
                motors.setVelocity(0, -4);
                motors.setVelocity(1, 4);
            }
            motors.onTick(nowNs);
        }
    }

    @AfterEach
    void stop() {
        if (sim != null) {
            sim.close();
        }
        if (node != null) {
            motors.stopAll();
            node.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    private void startOnPty() throws IOException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): pty tests skipped");
        pair = SocatPtyPair.start(dir);
        node = SerialLink.open(SerialConfig.of(pair.a().toString(), 115200),
                new DeviceHub(downstream, motors, range, battery)).start();
        motors.attach(node);
        await().atMost(WAIT).until(node::isConnected);
        sim = DiffDriveSim.onPort(SerialConfig.of(pair.b().toString(), 115200)).start();
    }

    /** Ticks {@code tree} on this thread until {@code done} holds. */
    private static void tickUntil(TickListener tree, Callable<Boolean> done) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> {
            tree.onTick(System.nanoTime());
            return done.call();
        });
    }

    @Test
    void aSmallTreeDrivesTheBaseAndSeesOdometryAndRangeArrive() throws IOException {
        startOnPty();
        await().atMost(WAIT).until(() -> range.latest().count() > 0 && downstream.sawDeviceInfo());
        double firstRange = range.rangeM();
        Wander tree = new Wander();
        tickUntil(tree, () -> motors.state(0).value(MotorController.POSITION) > 3.0
                && motors.state(1).value(MotorController.POSITION) > 3.0);
        tickUntil(tree, () -> range.rangeM() < firstRange - 0.05);
        assertThat(motors.state(0).value(MotorController.VELOCITY)).isPositive();
        // the simulator reports its battery at a low rate: on a loaded machine the drive can finish first
        await().atMost(WAIT).until(() -> battery.latest().count() > 0);
        assertThat(battery.latest().value(BatteryMonitor.PERCENT)).isBetween(0.0, 100.0);
        assertThat(sim.snapshot().x()).isGreaterThan(0.5);
        assertThat(node.badFrames()).isZero();
        assertThat(sim.link().badFrames()).isZero();
        assertThat(motors.state(0).ageNs(System.nanoTime())).isLessThan(Duration.ofSeconds(30).toNanos());
    }

    @Test
    void whenCommandsStopTheMotorsStopAfterTheTimeout() throws IOException {
        startOnPty();
        await().atMost(WAIT).until(() -> range.latest().count() > 0);
        Wander tree = new Wander();
        tickUntil(tree, () -> motors.state(0).value(MotorController.VELOCITY) > 4);
        // the tree stops ticking (a hung node): no refresh, the controller's timeout_ms runs out
        await().atMost(WAIT).until(() -> Math.abs(motors.state(0).value(MotorController.VELOCITY)) < 0.05
                && Math.abs(motors.state(1).value(MotorController.VELOCITY)) < 0.05);
        assertThat((int) motors.state(0).value(MotorController.FAULT_FLAGS))
                .isEqualTo(FaultFlag.FAULT_COMMAND_TIMEOUT_VALUE);
    }

    @Test
    void stopAllStopsTheMotorsAtOnce() throws IOException {
        startOnPty();
        await().atMost(WAIT).until(() -> range.latest().count() > 0);
        Wander tree = new Wander();
        tickUntil(tree, () -> motors.state(0).value(MotorController.VELOCITY) > 4);
        long before = sim.commandsReceived();
        motors.stopAll(); // what halt, shutdown and the watchdog call
        tree.onTick(System.nanoTime()); // the next tick does not resume the old set-points...
        await().atMost(WAIT).until(() -> sim.commandsReceived() >= before + 2
                && Math.abs(sim.snapshot().leftRadS()) < 0.5);
        assertThat(motors.stopsSent()).isEqualTo(2);
        assertThat(sim.snapshot().faultFlags()).as("stopped by command, not by timeout").isZero();
    }

    @Test
    void killingSocatRaisesDeviceLostAndTrafficResumesAfterRestart() throws IOException {
        startOnPty();
        await().atMost(WAIT).until(() -> range.latest().count() > 0);
        pair.kill();
        await().atMost(WAIT).until(() -> downstream.events.contains(SerialLink.EVENT_DEVICE_LOST));
        long stopsBefore = motors.stopsSent();
        long readings = range.latest().count();
        pair.restart();
        await().atMost(WAIT).until(() -> downstream.events.contains(SerialLink.EVENT_DEVICE_BACK));
        await().atMost(WAIT).until(() -> range.latest().count() > readings + 5);
        assertThat(motors.stopsSent()).as("a stop goes out when the device is back").isEqualTo(stopsBefore + 2);
        assertThat(downstream.events).containsExactly(SerialLink.EVENT_DEVICE_LOST, SerialLink.EVENT_DEVICE_BACK);
    }

    @Test
    void theSameWorksInProcessWithoutAnyDevice() {
        InProcessWire wire = new InProcessWire();
        node = SerialLink.inProcess("node", wire, true, new DeviceHub(downstream, motors, range, battery)).start();
        motors.attach(node);
        sim = DiffDriveSim.inProcess(wire, false).start();
        await().atMost(WAIT).until(() -> node.isConnected() && range.latest().count() > 0);
        Wander tree = new Wander();
        tickUntil(tree, () -> motors.state(1).value(MotorController.POSITION) > 3.0);
        wire.unplug();
        await().atMost(WAIT).until(() -> downstream.events.contains(SerialLink.EVENT_DEVICE_LOST));
        wire.plug();
        await().atMost(WAIT).until(() -> downstream.events.contains(SerialLink.EVENT_DEVICE_BACK));
        long readings = range.latest().count();
        await().atMost(WAIT).until(() -> range.latest().count() > readings);
    }
}
