package io.canopy.hardware.dynamixel;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.serial.TtyTransport;
import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Dynamixel bus role against virtual X-series servos over a real pty pair (socat): the servos follow the
 * goal positions the bus writes, their states come back in SI units, the failsafe turns torque off and holds
 * goals back until the tree resumes, a servo that never answers is reported without stopping the others, and
 * the Operating Mode in a servo's EEPROM is written only when it differs, and never with eeprom="keep".
 */
class DynamixelBusPtyTest {
    @TempDir
    Path dir;
    private SocatPtyPair pty;
    private VirtualServoBus servos;
    private DynamixelBus bus;
    private final ManualNanoClock clock = new ManualNanoClock();
    private final EventQueue inbox = EventQueue.builder().name("test").build();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final List<Double> values = new CopyOnWriteArrayList<>();

    @BeforeEach
    void pty() throws Exception {
        assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): no pty pair");
        pty = SocatPtyPair.start(dir);
    }

    @AfterEach
    void close() {
        if (bus != null) {
            bus.close();
        }
        if (servos != null) {
            servos.close();
        }
        if (pty != null) {
            pty.close();
        }
    }

    private void start(int[] present, int... configured) throws Exception {
        servos = new VirtualServoBus(new TtyTransport(SerialConfig.of(pty.a().toString(), 1_000_000)), 6.0, present).start();
        bus = new DynamixelBus(DynamixelConfig.of("arm", configured), ControlTable.xSeries(),
                new TtyTransport(SerialConfig.of(pty.b().toString(), 1_000_000)), clock, inbox).start();
    }

    private void until(String what, BooleanSupplier condition) {
        await(what).atMost(Duration.ofSeconds(10)).pollInSameThread().pollInterval(Duration.ofMillis(5)).until(() -> {
            clock.advanceNs(5_000_000L);
            bus.onTick(clock.nanoTime());
            inbox.drain((Event e) -> {
                events.add(e.name());
                values.add(e.value());
            });
            return condition.getAsBoolean();
        });
    }

    @Test
    void servosFollowGoalPositionsAndTheFailsafeTurnsTorqueOff() throws Exception {
        start(new int[] {1, 2}, 1, 2);
        until("first states", () -> !Double.isNaN(bus.position(0)) && !Double.isNaN(bus.position(1)));
        assertEquals(0.0, bus.position(0), 1e-9, "2048 is the middle: 0 rad");
        assertEquals(12.0, bus.state(0, DynamixelBus.VOLTAGE), 1e-9);
        assertEquals(36.0, bus.state(1, DynamixelBus.TEMPERATURE), 1e-9);
        assertEquals(1, servos.value(1, 64, 1), "torque enabled at start");

        bus.setGoal(0, 0.5);
        bus.setGoal(1, -0.3);
        until("both servos at their goals", () -> Math.abs(bus.position(0) - 0.5) < 0.002 && Math.abs(bus.position(1) + 0.3) < 0.002);
        assertEquals(ControlTable.xSeries().item("goal_position").fromSi(0.5), servos.value(1, 116, 4));

        bus.failsafe();
        await("torque off on both servos").atMost(Duration.ofSeconds(5)).until(
                () -> servos.value(1, 64, 1) == 0 && servos.value(2, 64, 1) == 0);
        long goalBefore = servos.value(1, 116, 4);
        bus.setGoal(0, 1.0);
        long cycles = bus.cycles();
        await("ten more bus cycles").atMost(Duration.ofSeconds(5)).until(() -> bus.cycles() > cycles + 10);
        assertEquals(goalBefore, servos.value(1, 116, 4), "no goal is written after the failsafe until resume");

        bus.resume();
        until("torque back on and the new goal reached", () -> servos.value(1, 64, 1) == 1 && Math.abs(bus.position(0) - 1.0) < 0.002);
        assertEquals(0, bus.parser().crcErrors());
        assertEquals(0, servos.parser().crcErrors());
    }

    @Test
    void aServoThatDoesNotAnswerIsReportedAndTheOthersGoOn() throws Exception {
        start(new int[] {1, 2}, 1, 2, 3);
        bus.setGoal(1, 0.25);
        until("servo 2 at its goal while servo 3 stays silent", () -> Math.abs(bus.position(1) - 0.25) < 0.002
                && events.contains("arm.no_answer"));
        assertTrue(values.get(events.indexOf("arm.no_answer")) == 3.0, "the event names servo 3");
        assertEquals(0.0, bus.state(2, DynamixelBus.ANSWERED));
        assertEquals(1.0, bus.state(0, DynamixelBus.ANSWERED));
        assertTrue(bus.noAnswers() > 0);

        servos.set(2, 70, 1, 0x20); // Overload error
        // the bus thread stores the state, then raises the event; the snapshot state() reads is taken at the next
        // tick (until() ticks before it drains the inbox): wait for both
        until("the hardware error is reported and in the tick's snapshot", () -> events.contains("arm.servo_error")
                && bus.state(1, DynamixelBus.HARDWARE_ERROR) == 0x20);
        assertEquals(2.0, values.get(events.indexOf("arm.servo_error")), events + " " + values);
    }

    @Test
    void operatingModeIsWrittenOnlyWhenItDiffersAndNeverWithKeep() throws Exception {
        servos = new VirtualServoBus(new TtyTransport(SerialConfig.of(pty.a().toString(), 1_000_000)), 6.0, 1, 2);
        servos.set(1, 11, 1, 1); // servo 1 in velocity mode, servo 2 in position mode (3)
        servos.start();
        DynamixelConfig velocity = DynamixelConfig.of("wheels", 1, 2).withTiming(10, 100)
                .with(DynamixelConfig.Mode.VELOCITY, DynamixelConfig.Failsafe.ZERO_VELOCITY);
        bus = new DynamixelBus(velocity.withEepromWrites(false), ControlTable.xSeries(),
                new TtyTransport(SerialConfig.of(pty.b().toString(), 1_000_000)), clock, inbox).start();
        until("the start done and cycles running", () -> bus.cycles() > 2);
        assertEquals(0, servos.heard(DxlPackets.WRITE), "keep: no single WRITE");
        assertEquals(3, servos.value(2, 11, 1));
        assertTrue(bus.driven(0) && !bus.driven(1));
        assertTrue(events.contains("wheels.servo_error"), events.toString());
        bus.close();

        bus = new DynamixelBus(velocity, ControlTable.xSeries(), new TtyTransport(SerialConfig.of(pty.b().toString(), 1_000_000)),
                clock, inbox).start();
        until("servo 2 in velocity mode", () -> servos.value(2, 11, 1) == 1 && bus.cycles() > 2);
        assertEquals(1, servos.writesAt(11), "one WRITE of Operating Mode: servo 2's; servo 1's matched");
        assertTrue(bus.driven(0) && bus.driven(1));
    }
}
