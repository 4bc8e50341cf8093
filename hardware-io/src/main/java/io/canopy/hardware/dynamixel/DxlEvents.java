package io.canopy.hardware.dynamixel;

import io.canopy.hardware.health.LinkHealth;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The events a {@link DynamixelBus} raises ({@code <name>.no_answer}, {@code servo_error}, {@code link_lost} ...),
 * their names built once, offered from the bus thread through one reused {@link Event} (nothing allocated), and the
 * count of servo errors. Used by the bus thread only; {@code events} may be null (no events).
 */
final class DxlEvents {
    final String noAnswer;
    final String servoError;
    final String linkLost;
    final String linkBack;
    final String servoLost;
    final String servoBack;
    final String badInput;
    final String servoMissing;
    final String modelMismatch;
    final String hardwareError;
    /** The bus's port, and each servo on it (same order as the ids): lost / back, told in the node's one format. */
    final LinkHealth busHealth;
    final LinkHealth[] servoHealth;
    private final EventQueue events;
    private final NanoClock clock;
    private final Event ioEvent = new Event(8);
    private final byte[] payload = new byte[2];
    private final AtomicLong servoErrors = new AtomicLong();

    DxlEvents(DynamixelConfig config, EventQueue events, NanoClock clock) {
        String bus = config.name();
        this.events = events;
        this.clock = clock;
        String failsafe = config.failsafe() == DynamixelConfig.Failsafe.ZERO_VELOCITY ? "zero velocity" : "torque off";
        busHealth = new LinkHealth(bus, "dynamixel", "goals stop; " + failsafe + " when it is back", clock);
        int[] ids = config.ids();
        servoHealth = new LinkHealth[ids.length];
        for (int i = 0; i < ids.length; i++) {
            servoHealth[i] = new LinkHealth(bus + "/" + ids[i], "dynamixel servo", failsafe, clock);
        }
        noAnswer = (bus + ".no_answer").intern();
        servoError = (bus + ".servo_error").intern();
        linkLost = (bus + ".link_lost").intern();
        linkBack = (bus + ".link_back").intern();
        servoLost = (bus + ".servo_lost").intern();
        servoBack = (bus + ".servo_back").intern();
        badInput = (bus + ".bad_input").intern();
        servoMissing = (bus + ".servo_missing").intern();
        modelMismatch = (bus + ".model_mismatch").intern();
        hardwareError = (bus + ".hardware_error").intern();
    }

    void event(EventKind kind, String name, double value) {
        if (events != null) {
            events.offer(ioEvent.set(kind, name, clock.nanoTime()).value(value));
        }
    }

    /** A command event with {@code value} and a payload of the low {@code bytes} bytes of {@code bits}, little-endian. */
    void eventWithPayload(String name, int value, int bits, int bytes) {
        DxlPackets.put16(payload, 0, bits);
        if (events != null) {
            events.offer(ioEvent.set(EventKind.COMMAND, name, clock.nanoTime()).value(value).payload(payload, 0, bytes));
        }
    }

    /** Counts a servo error and raises {@code <name>.servo_error} (value: the servo's id). */
    void servoError(int id) {
        servoErrors.incrementAndGet();
        event(EventKind.COMMAND, servoError, id);
    }

    long servoErrors() {
        return servoErrors.get();
    }
}
