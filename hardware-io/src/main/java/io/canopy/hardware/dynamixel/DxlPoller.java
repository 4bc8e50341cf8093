package io.canopy.hardware.dynamixel;

import io.canopy.hardware.stream.SeqlockTable;
import io.canopy.tick.EventKind;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One cycle of a {@link DynamixelBus}, on its bus thread: the failsafe or torque change when one was asked for, one
 * SYNC_WRITE of the goals (unless a failsafe holds them back), one SYNC_READ of present current .. temperature
 * (addresses 126..146 of the X series) into the states table, then the due Hardware Error Status reads. Counts and
 * tells servos that do not answer ({@code no_answer}), are lost ({@code servo_lost}, then the failsafe) and come back
 * ({@code servo_back}), and bad input. Nothing allocated per cycle.
 */
final class DxlPoller implements DxlTransactions.Sink {
    static final int READ_START = 126;
    static final int READ_LENGTH = 146 - 126 + 1;

    private final DynamixelConfig config;
    private final DxlTransactions tx;
    private final DxlEvents events;
    private final DxlHardwareErrors hardware;
    private final SeqlockTable states;
    private final SeqlockTable goals;
    private final int[] ids;
    /** Servos the start refused (an EEPROM item differs under eeprom="keep"): no goals, no torque on. */
    private final boolean[] undriven;
    private final ControlTable.Item current;
    private final ControlTable.Item velocity;
    private final ControlTable.Item position;
    private final ControlTable.Item voltage;
    private final ControlTable.Item temperature;
    private final ControlTable.Item goal;
    private final ControlTable.Item torque;
    private final ControlTable.Item goalVelocity;
    private final byte[] out = new byte[2048];
    private final byte[] scratch = new byte[2048];
    private final int[] scratchIds = new int[253];
    private final long[] values;
    private final double[] goalCopy;
    private final int[] answered;
    private final int[] missed;
    private final boolean[] seen;
    final AtomicLong cycles = new AtomicLong();
    final AtomicLong failsafeRequests = new AtomicLong();
    final AtomicLong resumeRequests = new AtomicLong();
    final AtomicLong torqueOnRequests = new AtomicLong();
    final AtomicLong noAnswers = new AtomicLong();
    final AtomicLong servosLost = new AtomicLong();
    final AtomicLong failsafesWritten = new AtomicLong();
    private long badInputReported;
    private int readLength;
    private boolean stopped;
    private volatile boolean stoppedNow;
    private long failsafeSeen;
    private long resumeSeen;
    private long torqueSeen;

    DxlPoller(DynamixelConfig config, ControlTable table, DxlTransactions tx, DxlEvents events, DxlHardwareErrors hardware,
            SeqlockTable states, SeqlockTable goals, int[] ids, boolean[] undriven) {
        this.config = config;
        this.undriven = undriven;
        this.tx = tx;
        this.events = events;
        this.hardware = hardware;
        this.states = states;
        this.goals = goals;
        this.ids = ids;
        current = table.item("present_current");
        velocity = table.item("present_velocity");
        position = table.item("present_position");
        voltage = table.item("present_input_voltage");
        temperature = table.item("present_temperature");
        torque = table.item("torque_enable");
        goalVelocity = table.item("goal_velocity");
        goal = config.mode() == DynamixelConfig.Mode.POSITION ? table.item("goal_position") : goalVelocity;
        if (current.address() != READ_START || temperature.address() + 1 - READ_START != READ_LENGTH) {
            throw new IllegalArgumentException("control table " + table.name() + ": the bus reads present_current.."
                    + "present_temperature as one block at 126..146 (X series)");
        }
        values = new long[ids.length];
        goalCopy = new double[ids.length];
        answered = new int[ids.length];
        missed = new int[ids.length];
        seen = new boolean[ids.length];
    }

    void cycle() {
        long fs = failsafeRequests.get();
        if (fs != failsafeSeen) {
            failsafeSeen = fs;
            stopped = true;
            writeFailsafe();
        }
        long rs = resumeRequests.get();
        if (rs != resumeSeen) {
            resumeSeen = rs;
            stopped = false;
        }
        long ts = torqueOnRequests.get();
        if (ts != torqueSeen) {
            torqueSeen = ts;
            torqueAll(1);
        }
        stoppedNow = stopped;
        if (!stopped) {
            goals.copyTo(goalCopy);
            int n = 0;
            for (int i = 0; i < ids.length; i++) {
                if (!Double.isNaN(goalCopy[i]) && !undriven[i]) {
                    scratchIds[n] = ids[i];
                    values[n] = goal.fromSi(goalCopy[i]);
                    n++;
                }
            }
            if (n > 0) {
                tx.send(out, DxlPackets.syncWrite(out, scratch, goal.address(), goal.size(), scratchIds, values, n));
            }
        }
        readBlock();
        hardware.readDue(cycles.get() % DxlHardwareErrors.REREAD_CYCLES == 0);
        cycles.incrementAndGet();
    }

    /** No goals until the tree resumes (the port came back: the servos may have rebooted). */
    void stop() {
        stopped = true;
    }

    /** Whether goals are held back, as of the last cycle (any thread). */
    boolean stoppedNow() {
        return stoppedNow;
    }

    /** Torque on or off for every servo; on only for those the start did not refuse. */
    void torqueAll(int on) {
        int n = 0;
        for (int i = 0; i < ids.length; i++) {
            if (on == 0 || !undriven[i]) {
                scratchIds[n] = ids[i];
                values[n] = on;
                n++;
            }
        }
        if (n == ids.length) {
            tx.writeAll(torque, on);
        } else if (n > 0) {
            tx.send(out, DxlPackets.syncWrite(out, scratch, torque.address(), torque.size(), scratchIds, values, n));
        }
    }

    private void writeFailsafe() {
        if (config.failsafe() == DynamixelConfig.Failsafe.TORQUE_OFF) {
            torqueAll(0);
        } else {
            tx.writeAll(goalVelocity, 0);
        }
        failsafesWritten.incrementAndGet();
    }

    /** One SYNC_READ: waits for every servo's status (or the response timeout), stores what came. */
    private void readBlock() {
        if (!tx.up()) {
            return;
        }
        readLength = READ_LENGTH;
        Arrays.fill(answered, 0);
        tx.reset();
        tx.send(out, DxlPackets.syncRead(out, scratch, READ_START, READ_LENGTH, ids, ids.length));
        if (!tx.awaitAll(answered)) {
            return;
        }
        states.beginWrite();
        for (int i = 0; i < ids.length; i++) {
            states.set(i * DynamixelBus.PER_SERVO + DynamixelBus.ANSWERED, answered[i]);
        }
        states.endWrite();
        long bad = tx.badInput();
        if (bad != badInputReported) {
            badInputReported = bad;
            events.event(EventKind.SENSOR, events.badInput, bad);
        }
        for (int i = 0; i < ids.length; i++) {
            if (answered[i] == 0) {
                noAnswers.incrementAndGet();
                events.event(EventKind.SENSOR, events.noAnswer, ids[i]);
                // only a servo that was there can be lost: one that never answered (not powered yet, a wrong id) is
                // reported by no_answer and answered=0, and never got the torque-on it missed
                if (++missed[i] == config.lostAfter() && config.lostAfter() > 0 && seen[i]) {
                    servosLost.incrementAndGet();
                    events.servoHealth[i].lost("missed " + missed[i] + " reads in a row");
                    events.event(EventKind.COMMAND, events.servoLost, ids[i]);
                    failsafeRequests.incrementAndGet(); // written at the start of the next cycle
                }
            } else {
                if (config.lostAfter() > 0 && seen[i] && missed[i] >= config.lostAfter()) {
                    events.servoHealth[i].back(); // goals stay off until the tree resumes
                    events.event(EventKind.COMMAND, events.servoBack, ids[i]);
                }
                seen[i] = true;
                missed[i] = 0;
            }
        }
    }

    @Override
    public void alert(int i, boolean on) {
        hardware.alert(i, on);
    }

    @Override
    public void syncStatus(int i, byte[] p, int n) {
        if (readLength == 0 || n - 1 != readLength) {
            return; // not the answer to this read (a late one), or no read sent yet
        }
        answered[i] = 1;
        int base = i * DynamixelBus.PER_SERVO;
        states.beginWrite();
        states.set(base + DynamixelBus.CURRENT, current.toSi(DxlPackets.getLe(p, 1 + current.address() - READ_START, current.size(), true)));
        states.set(base + DynamixelBus.VELOCITY, velocity.toSi(DxlPackets.getLe(p, 1 + velocity.address() - READ_START, velocity.size(), true)));
        states.set(base + DynamixelBus.POSITION, position.toSi(DxlPackets.getLe(p, 1 + position.address() - READ_START, position.size(), true)));
        states.set(base + DynamixelBus.VOLTAGE, voltage.toSi(DxlPackets.getLe(p, 1 + voltage.address() - READ_START, voltage.size(), false)));
        states.set(base + DynamixelBus.TEMPERATURE, temperature.toSi(DxlPackets.getLe(p, 1 + temperature.address() - READ_START, 1, false)));
        if (!hardware.alerted(i)) {
            states.set(base + DynamixelBus.HARDWARE_ERROR, 0); // no Alert bit: no hardware error (with it, the READ tells the bits)
        }
        states.endWrite();
    }

    @Override
    public void linkLost() {
        stopped = true;
        stoppedNow = true;
    }
}
