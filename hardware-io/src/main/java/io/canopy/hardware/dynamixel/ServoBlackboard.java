package io.canopy.hardware.dynamixel;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.tick.TickListener;

/**
 * A bus's servos in the blackboard, entries named {@code <bus>_<servo>_<what>}. {@link #sense} (add it to the
 * sense phase, after the bus) writes every tick {@code position} (rad), {@code velocity} (rad/s), {@code current}
 * (A), {@code voltage} (V), {@code temperature} (deg C), {@code hardware_error} (bits) and {@code answered} (1 or
 * 0), NaN until read, and {@code <bus>_stopped} (true while a failsafe holds goals back). {@link #act} (the act
 * phase, after the trees) sends {@code <bus>_<servo>_goal} (rad, or rad/s in velocity mode) to the bus when a
 * tree wrote it since the last tick. Entries are resolved once; a tick is field stores.
 */
public final class ServoBlackboard {
    private static final String[] NAMES = {"position", "velocity", "current", "voltage", "temperature", "hardware_error",
        "answered"};
    private static final int[] WHAT = {DynamixelBus.POSITION, DynamixelBus.VELOCITY, DynamixelBus.CURRENT,
        DynamixelBus.VOLTAGE, DynamixelBus.TEMPERATURE, DynamixelBus.HARDWARE_ERROR, DynamixelBus.ANSWERED};

    private final DynamixelBus bus;
    private final Entry[] states;
    private final Entry[] goals;
    private final long[] goalSeen;
    private final Entry stopped;
    private long badGoals;
    private final TickListener sense = this::sense;
    private final TickListener act = this::act;

    public ServoBlackboard(DynamixelBus bus, String[] servoNames, Blackboard blackboard) {
        this.bus = bus;
        String prefix = bus.config().name();
        int n = servoNames.length;
        states = new Entry[n * NAMES.length];
        goals = new Entry[n];
        goalSeen = new long[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < NAMES.length; k++) {
                states[i * NAMES.length + k] = blackboard.entry(prefix + "_" + servoNames[i] + "_" + NAMES[k], ValueKind.DOUBLE);
            }
            goals[i] = blackboard.entry(prefix + "_" + servoNames[i] + "_goal");
            goalSeen[i] = goals[i].sequence();
        }
        stopped = blackboard.entry(prefix + "_stopped", ValueKind.BOOLEAN);
    }

    /** Goal entries written with something that is not a number (ignored). */
    public long badGoals() {
        return badGoals;
    }

    public TickListener sense() {
        return sense;
    }

    public TickListener act() {
        return act;
    }

    private void sense(long nowNs) {
        int n = goals.length;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < WHAT.length; k++) {
                states[i * WHAT.length + k].setDouble(bus.state(i, WHAT[k]));
            }
        }
        stopped.setBoolean(bus.stopped());
    }

    private void act(long nowNs) {
        for (int i = 0; i < goals.length; i++) {
            Entry g = goals[i];
            long seq = g.sequence();
            if (seq != goalSeen[i]) {
                goalSeen[i] = seq;
                ValueKind k = g.kind();
                if (g.hasValue() && (k == ValueKind.DOUBLE || k == ValueKind.LONG)) {
                    bus.setGoal(i, g.doubleValue());
                } else if (k == ValueKind.STRING) { // SetBlackboard writes text: "0.5"
                    try {
                        bus.setGoal(i, g.doubleValue());
                    } catch (RuntimeException notANumber) {
                        badGoals++;
                    }
                }
            }
        }
    }
}
