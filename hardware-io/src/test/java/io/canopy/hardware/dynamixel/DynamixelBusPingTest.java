package io.canopy.hardware.dynamixel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the bus role does beyond sync read and write, against virtual servos on an in-memory wire: it PINGs every
 * servo at start and after the port comes back, and tells a missing servo and a wrong model once per change, in
 * one log line naming the servo, the model expected and the one got, and as events; and when a status packet
 * carries the Alert bit it READs that servo's Hardware Error Status and tells the servo and the error bits.
 */
class DynamixelBusPingTest extends WiredBusTest {
    @Test
    void aMissingServoAndAWrongModelAreToldOnceAndAgainOnlyWhenTheyChange() throws Exception {
        servos = new VirtualServoBus(wire.end(true), 6.0, 1, 2);
        servos.set(2, 0, 2, 1060); // servo 2 is an XL430-W250 ...
        servos.start();
        DynamixelConfig config = DynamixelConfig.of("arm", 1, 2, 3).withTiming(10, 100) // room for a loaded host
                .withModels(DxlModels.number("XM430-W210"), DxlModels.number("XM430-W350-T"), 0); // ... the launch file says XM430-W350
        bus = new DynamixelBus(config, ControlTable.xSeries(), wire.end(false), clock, inbox).start();
        until("the first ping round and its reports", () -> bus.pingRounds() >= 1 && count("arm.servo_missing") > 0
                && count("arm.model_mismatch") > 0);
        assertEquals(1030, bus.model(0));
        assertEquals(38, bus.firmware(0));
        assertEquals(1060, bus.model(1));
        assertEquals(-1, bus.model(2), "servo 3 did not answer");
        assertTrue(events.contains("arm.servo_missing 3"), events.toString());
        assertTrue(events.contains("arm.model_mismatch 2 2404"), "model 1060 = 0x0424, little-endian: " + events);
        assertEquals(List.of("dynamixel 'arm' (in-process B): servo 3 does not answer PING (expected a model that x-series.table describes);"
                + " check its id, its baud rate, its power and its cable"), messages("servo 3"));
        assertEquals(List.of("dynamixel 'arm': servo 2 is XL430-W250 (1060), expected XM430-W350 (1020); correct the model in"
                + " the launch file, or give this servo another id"), messages("servo 2"));
        assertTrue(servos.heard(DxlPackets.PING) >= 2 + 3, "three tries for the missing servo");

        // the port goes away and comes back: a new ping round with the same findings tells nothing new
        wire.unplug(false); // the controller's adapter
        until("the port lost", () -> !bus.isUp());
        wire.plug();
        until("the second ping round", () -> bus.pingRounds() >= 2);
        assertEquals(1, count("arm.servo_missing"));
        assertEquals(1, count("arm.model_mismatch"));
        assertEquals(1, messages("servo 3").size());

        // while the port is away the XL430 is swapped for the right servo and servo 1's cable breaks
        wire.unplug(false); // the controller's adapter
        until("the port lost again", () -> !bus.isUp());
        servos.set(2, 0, 2, 1020);
        servos.mute(1, true);
        wire.plug();
        until("the third ping round", () -> bus.pingRounds() >= 3);
        assertEquals(1020, bus.model(1));
        assertEquals(-1, bus.model(0));
        assertTrue(events.contains("arm.servo_missing 1"), events.toString());
        assertEquals(1, count("arm.model_mismatch"), "no mismatch for the right model");
        assertTrue(lines.list.stream().anyMatch(l -> l.getFormattedMessage().equals(
                "dynamixel 'arm': servo 2 is XM430-W350 (1020), firmware 38")), "the swap is told too");
    }

    @Test
    void aServoWhoseAnswersArriveDamagedIsToldApart() throws Exception {
        servos = new VirtualServoBus(wire.end(true), 6.0, 4).start();
        servos.damageAnswers(3); // its three PING answers: wrong CRC, cut short, wrong CRC
        bus = new DynamixelBus(DynamixelConfig.of("arm", 4).withTiming(10, 100), ControlTable.xSeries(), wire.end(false), clock,
                inbox).start();
        until("the ping round", () -> bus.pingRounds() >= 1);
        assertEquals(-1, bus.model(0));
        assertEquals(List.of("dynamixel 'arm' (in-process B): servo 4 does not answer PING with a good packet (expected a model"
                + " that x-series.table describes; damaged bytes came: a wrong CRC or a packet cut short); check the baud rate,"
                + " the cable and the power"), messages("servo 4"));
        until("it answers reads once the damage is over", () -> bus.state(0, DynamixelBus.ANSWERED) == 1.0);
    }

    @Test
    void withoutAModelInTheConfigTheServoMustBeOneTheControlTableIsFor() throws Exception {
        servos = new VirtualServoBus(wire.end(true), 6.0, 5);
        servos.set(5, 0, 2, 12); // an AX-12A (Protocol 1.0 family; its model number as a Protocol 2.0 PING would give it)
        servos.start();
        bus = new DynamixelBus(DynamixelConfig.of("leg", 5), ControlTable.xSeries(), wire.end(false), clock, inbox).start();
        until("the mismatch", () -> count("leg.model_mismatch") > 0);
        assertEquals(List.of("leg.model_mismatch 5 0c00"), events.stream().filter(e -> e.startsWith("leg.model")).toList());
        assertEquals(List.of("dynamixel 'leg': servo 5 is model 12, expected a model that x-series.table describes; correct the model"
                + " in the launch file, or give this servo another id"), messages("servo 5"));
    }

    @Test
    void aServoInAnotherOperatingModeIsPutInTheBussModeWithSingleWrites() throws Exception {
        servos = new VirtualServoBus(wire.end(true), 6.0, 1, 2);
        servos.set(1, 11, 1, 1); // servo 1 is in velocity mode already
        servos.set(2, 64, 1, 1); // servo 2 is in position mode (the factory's) with torque on: its EEPROM is locked
        servos.start();
        bus = new DynamixelBus(DynamixelConfig.of("wheels", 1, 2).withTiming(10, 100)
                .with(DynamixelConfig.Mode.VELOCITY, DynamixelConfig.Failsafe.ZERO_VELOCITY), ControlTable.xSeries(),
                wire.end(false), clock, inbox).start();
        until("servo 2 in velocity mode", () -> servos.value(2, 11, 1) == 1 && bus.cycles() > 2);
        assertEquals(List.of("dynamixel 'wheels': servo 2 was in operating mode 3 (position); set it to 1 (velocity) for"
                + " mode=\"velocity\""), lines.list.stream().map(ILoggingEvent::getFormattedMessage)
                .filter(m -> m.contains("operating mode")).toList());
        assertEquals(1, servos.value(2, 64, 1), "torque on again (torque_on_start)");
        assertTrue(servos.heard(DxlPackets.WRITE) >= 2, "torque off, then the mode");
        bus.setGoal(1, 2.0); // rad/s: a servo left in position mode would not turn
        until("servo 2 turns", () -> bus.position(1) > 0.3);
    }

    @Test
    void anAlertBitMakesTheBusReadTheHardwareErrorAndTellTheServoAndTheBits() throws Exception {
        servos = new VirtualServoBus(wire.end(true), 6.0, 1, 2).start();
        bus = new DynamixelBus(DynamixelConfig.of("arm", 1, 2).withTiming(10, 20), ControlTable.xSeries(), wire.end(false), clock,
                inbox).start();
        until("first states", () -> !Double.isNaN(bus.position(1)));
        assertEquals(0.0, bus.state(1, DynamixelBus.HARDWARE_ERROR), "no Alert bit: no hardware error");
        assertEquals(2, servos.heard(DxlPackets.READ), "no single READ but the start's Operating Mode checks while no servo"
                + " raises its Alert bit");

        servos.set(2, 70, 1, 0x24); // Overheating (bit 2) and Overload (bit 5)
        until("the hardware error told", () -> count("arm.hardware_error") > 0);
        assertEquals(List.of("arm.hardware_error 2 24"), events.stream().filter(e -> e.startsWith("arm.hardware_error")).toList());
        assertTrue(events.contains("arm.servo_error 2"), events.toString());
        assertEquals(0x24, bus.state(1, DynamixelBus.HARDWARE_ERROR));
        assertEquals(0.0, bus.state(0, DynamixelBus.HARDWARE_ERROR), "servo 1 is fine");
        assertEquals(List.of("dynamixel 'arm': servo 2 hardware error 0x24 (overheating, overload); the errors its Shutdown"
                + " setting selects turn its torque off (overheating, electrical shock, overload by default): fix the cause,"
                + " then reboot it or power it off and on"), messages("hardware error 0x"));
        assertTrue(servos.heard(DxlPackets.READ) >= 1 && bus.hardwareErrorReads() >= 1);

        // the Alert bit stays set in every status: the error is told once, and not read again every cycle
        long reads = servos.heard(DxlPackets.READ);
        long cycles = bus.cycles();
        until("30 more cycles", () -> bus.cycles() > cycles + 30);
        assertEquals(1, count("arm.hardware_error"));
        // (read every cycle it would be 30 more; a READ answered too late on a loaded host is tried again, hence the margin)
        assertTrue(servos.heard(DxlPackets.READ) <= reads + 5, "not read every cycle: " + servos.heard(DxlPackets.READ));

        servos.set(2, 70, 1, 0); // rebooted: no more Alert bit
        until("the error cleared", () -> bus.state(1, DynamixelBus.HARDWARE_ERROR) == 0.0);
        assertEquals(1, count("arm.hardware_error"));
    }
}
