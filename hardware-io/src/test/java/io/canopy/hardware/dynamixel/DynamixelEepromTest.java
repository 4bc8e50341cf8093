package io.canopy.hardware.dynamixel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The EEPROM item the bus sets at start (Operating Mode, address 11) is read first and written only when it differs
 * from what the bus's mode needs (flash wears, and it is writable only with torque off); with eeprom="keep" it is
 * never written, and a servo whose value differs is refused in one ERROR line and not driven. Against virtual
 * servos on an in-process wire, counting the WRITE packets they hear.
 */
class DynamixelEepromTest extends WiredBusTest {
    private static final int OPERATING_MODE = 11;
    private static final int TORQUE_ENABLE = 64;
    private static final int GOAL_VELOCITY = 104;

    @BeforeEach
    void twoServos() {
        servos = new VirtualServoBus(wire.end(true), 6.0, 1, 2);
        servos.set(1, OPERATING_MODE, 1, 1); // servo 1 is in velocity mode already
    }

    private void start(boolean eepromWrites) throws Exception {
        servos.start();
        bus = new DynamixelBus(DynamixelConfig.of("wheels", 1, 2).withTiming(10, 100)
                .with(DynamixelConfig.Mode.VELOCITY, DynamixelConfig.Failsafe.ZERO_VELOCITY).withEepromWrites(eepromWrites),
                ControlTable.xSeries(), wire.end(false), clock, inbox).start();
    }

    @Test
    void aMatchingOperatingModeIsReadAndNotWritten() throws Exception {
        servos.set(2, OPERATING_MODE, 1, 1);
        start(true);
        until("the start done and cycles running", () -> bus.cycles() > 2);
        assertEquals(2, servos.heard(DxlPackets.READ), "each servo's Operating Mode read once");
        assertEquals(0, servos.heard(DxlPackets.WRITE), "no single WRITE at all: neither torque off nor the mode");
        assertEquals(0, servos.writesAt(OPERATING_MODE));
        assertEquals(List.of(), messages("operating mode"));
        assertTrue(bus.driven(0) && bus.driven(1));
    }

    @Test
    void aDifferingOperatingModeIsWrittenOnceAndNotAgainAfterThePortComesBack() throws Exception {
        start(true); // servo 2 is in position mode (3), the factory's
        until("servo 2 in velocity mode", () -> servos.value(2, OPERATING_MODE, 1) == 1 && bus.cycles() > 2);
        assertEquals(1, servos.writesAt(OPERATING_MODE), "one WRITE of Operating Mode, to servo 2 only");
        assertEquals(1, servos.writesAt(TORQUE_ENABLE), "torque off before it (EEPROM is locked while torque is on)");
        assertEquals(List.of("dynamixel 'wheels': servo 2 was in operating mode 3 (position); set it to 1 (velocity) for"
                + " mode=\"velocity\""), messages("operating mode"));
        assertEquals(Level.INFO, lines.list.stream().filter(l -> l.getFormattedMessage().contains("operating mode"))
                .findFirst().orElseThrow().getLevel());

        wire.unplug(false); // the controller's adapter
        until("the port lost", () -> !bus.isUp());
        wire.plug();
        long cycles = bus.pingRounds();
        until("the start run again", () -> bus.pingRounds() > cycles && bus.isUp());
        long after = bus.cycles();
        until("cycles after it", () -> bus.cycles() > after + 2);
        assertEquals(1, servos.writesAt(OPERATING_MODE), "the mode matches now: read, not written again");
        assertEquals(1, messages("operating mode").size());
    }

    @Test
    void withKeepADifferingOperatingModeIsNotWrittenAndTheServoIsRefusedAndNotDriven() throws Exception {
        start(false); // servo 2 is in position mode (3)
        until("the start done and cycles running", () -> bus.cycles() > 2);
        assertEquals(0, servos.heard(DxlPackets.WRITE), "no single WRITE: neither torque off nor the mode");
        assertEquals(3, servos.value(2, OPERATING_MODE, 1), "servo 2's EEPROM untouched");
        List<ILoggingEvent> refusals = lines.list.stream().filter(l -> l.getFormattedMessage().contains("Operating Mode")).toList();
        assertEquals(1, refusals.size());
        assertEquals(Level.ERROR, refusals.get(0).getLevel());
        assertEquals("dynamixel 'wheels': servo 2 has Operating Mode 3 (position) in its EEPROM, mode=\"velocity\" wants 1"
                + " (velocity); eeprom=\"keep\" forbids writing it, so this servo is not driven: set its Operating Mode to 1"
                + " with DYNAMIXEL Wizard 2.0, or write eeprom=\"write\" on <dynamixel name=\"wheels\">",
                refusals.get(0).getFormattedMessage());
        assertTrue(events.contains("wheels.servo_error 2"), events.toString());
        assertTrue(bus.driven(0));
        assertFalse(bus.driven(1));

        bus.setGoal(0, 2.0); // rad/s
        bus.setGoal(1, 2.0);
        until("servo 1 turns", () -> bus.position(0) > 0.3);
        assertEquals(1, servos.value(1, TORQUE_ENABLE, 1), "servo 1 got torque on (torque_on_start)");
        assertEquals(0, servos.value(2, TORQUE_ENABLE, 1), "servo 2 got no torque on");
        assertEquals(0, servos.value(2, GOAL_VELOCITY, 4), "servo 2 got no goal");
        assertTrue(servos.value(1, GOAL_VELOCITY, 4) > 0, "servo 1 got its goal");
    }
}
