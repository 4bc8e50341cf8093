package io.canopy.hardware.device;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.tick.TickListener;
import java.util.Arrays;

/**
 * Binds device roles to blackboard entries, on the tick thread: {@link #inputs()} copies the latest
 * readings (and their age in milliseconds) into entries before the trees tick; {@link #outputs()} reads
 * command entries after the trees ticked and hands them to the motor controller, which sends them.
 * Entries are resolved once, when bound; a tick is field accesses, no lookups, no allocation.
 *
 * <pre>{@code
 * BlackboardBridge bridge = new BlackboardBridge(tree.blackboard())
 *         .reading(front.latest(), RangeSensor.RANGE_M, "range_m", "range_age_ms")
 *         .motorState(base, 0, "left_position", "left_velocity")
 *         .velocityCommand(base, 0, "left_cmd");
 * control.addListener(bridge.inputs()).addListener(treeRunner).addListener(bridge.outputs()).addListener(base);
 * }</pre>
 * An empty command entry sends nothing (the controller's timeout then stops the motor). Until the first
 * value arrives, a reading's entry holds NaN and its age {@code +Infinity}, so both
 * {@code range_m > 0.6} and {@code range_age_ms < 500} are false.
 */
public final class BlackboardBridge {
    private final Blackboard blackboard;
    private LatestReading[] readings = new LatestReading[0];
    private int[] readingIndex = new int[0];
    private Entry[] readingEntry = new Entry[0];
    private Entry[] ageEntry = new Entry[0];
    private MotorController[] commandMotors = new MotorController[0];
    private int[] commandMotorId = new int[0];
    private Entry[] commandEntry = new Entry[0];
    private final double[] scratch = new double[16];
    private final TickListener inputs = this::copyIn;
    private final TickListener outputs = this::copyOut;

    public BlackboardBridge(Blackboard blackboard) {
        this.blackboard = blackboard;
    }

    /** Value {@code index} of {@code reading} into {@code key}; its age in ms into {@code ageMsKey} (may be null). */
    public BlackboardBridge reading(LatestReading reading, int index, String key, String ageMsKey) {
        if (index < 0 || index >= reading.size() || reading.size() > scratch.length) {
            throw new IllegalArgumentException("reading '" + reading.name() + "' has no value " + index);
        }
        int n = readings.length;
        readings = Arrays.copyOf(readings, n + 1);
        readingIndex = Arrays.copyOf(readingIndex, n + 1);
        readingEntry = Arrays.copyOf(readingEntry, n + 1);
        ageEntry = Arrays.copyOf(ageEntry, n + 1);
        readings[n] = reading;
        readingIndex[n] = index;
        readingEntry[n] = blackboard.entry(key, ValueKind.DOUBLE);
        ageEntry[n] = ageMsKey == null ? null : blackboard.entry(ageMsKey, ValueKind.DOUBLE);
        return this;
    }

    /** Position and velocity of one motor into two entries (either key may be null). */
    public BlackboardBridge motorState(MotorController motors, int motor, String positionKey, String velocityKey) {
        if (positionKey != null) {
            reading(motors.state(motor), MotorController.POSITION, positionKey, null);
        }
        if (velocityKey != null) {
            reading(motors.state(motor), MotorController.VELOCITY, velocityKey, null);
        }
        return this;
    }

    /** The entry {@code key} (rad/s) becomes the velocity set-point of one motor. */
    public BlackboardBridge velocityCommand(MotorController motors, int motor, String key) {
        if (motor < 0 || motor >= motors.motors()) {
            throw new IllegalArgumentException("motor controller has no motor " + motor);
        }
        int n = commandMotors.length;
        commandMotors = Arrays.copyOf(commandMotors, n + 1);
        commandMotorId = Arrays.copyOf(commandMotorId, n + 1);
        commandEntry = Arrays.copyOf(commandEntry, n + 1);
        commandMotors[n] = motors;
        commandMotorId[n] = motor;
        commandEntry[n] = blackboard.entry(key, ValueKind.DOUBLE);
        return this;
    }

    /** Copies readings into the blackboard: add it to the timer before the trees. */
    public TickListener inputs() {
        return inputs;
    }

    /** Hands command entries to the motor controllers: add it after the trees (and before the controller). */
    public TickListener outputs() {
        return outputs;
    }

    private void copyIn(long nowNs) {
        for (int i = 0; i < readings.length; i++) {
            LatestReading r = readings[i];
            long at = r.read(scratch);
            readingEntry[i].setDouble(at == Long.MIN_VALUE ? Double.NaN : scratch[readingIndex[i]]);
            if (ageEntry[i] != null) {
                ageEntry[i].setDouble(at == Long.MIN_VALUE ? Double.POSITIVE_INFINITY : (nowNs - at) / 1e6);
            }
        }
    }

    private void copyOut(long nowNs) {
        for (int i = 0; i < commandEntry.length; i++) {
            Entry e = commandEntry[i];
            if (e.hasValue()) {
                commandMotors[i].setVelocity(commandMotorId[i], e.doubleValue());
            }
        }
    }
}
