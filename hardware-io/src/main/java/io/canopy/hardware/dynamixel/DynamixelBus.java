package io.canopy.hardware.dynamixel;

import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.SeqlockTable;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.tick.NanoClock;
import io.canopy.tick.StallHandler;
import io.canopy.tick.TickListener;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A half-duplex bus of Dynamixel Protocol 2.0 servos, driven by its own IO thread, one transaction at a time.
 *
 * <p>At start, and again whenever the port comes back, the bus PINGs each configured servo (three tries) and
 * tells, once per change, of a servo that does not answer ({@code <name>.servo_missing}, value: id) or answers
 * with a model number other than the one expected ({@code <name>.model_mismatch}, value: id, payload: the model
 * number got, 2 bytes little-endian): the configured {@link DynamixelConfig#models()} entry, or else any model
 * the control table is for ({@link ControlTable#models()}). Each such report is one log line naming the servo,
 * the model expected and the one got. Then it READs each answering servo's Operating Mode (address 11): one that
 * does not match {@link DynamixelConfig#mode()} (velocity: 1; position: 3, or 4 and 5, which take positions too)
 * gets torque off and the mode written with single WRITEs (Operating Mode is in the EEPROM area, writable only
 * with torque off), checked by reading it back; one line tells it, or tells that the servo refused
 * ({@code <name>.servo_error}, value: id).
 *
 * <p>Each cycle: the failsafe or torque change when one is asked for, then one SYNC_WRITE of every servo's goal
 * (goal position or goal velocity per {@link DynamixelConfig#mode()}), then one SYNC_READ of present current,
 * velocity, position, input voltage and temperature (addresses 126..146 of the X series). A status packet whose
 * Alert bit (bit 7 of its error byte) newly rises makes the bus READ that servo's Hardware Error Status (one
 * single READ, at the end of the cycle; again every 100 cycles while the bit stays set): new error bits raise
 * {@code <name>.hardware_error} (value: id, payload: the bits, 1 byte) and {@code <name>.servo_error} (value: id)
 * and one log line naming the servo and the errors; the bits are 0 again once the Alert bit falls (a reboot). A
 * servo that does not answer within the response timeout is counted and reported ({@code <name>.no_answer},
 * value: its id); one that answered before and then missed {@link DynamixelConfig#lostAfter()} reads in a row is
 * lost ({@code <name>.servo_lost}, value: id) and the failsafe runs for the whole bus (a limp arm is safer than one
 * with a dead joint); {@code <name>.servo_back} when it answers again. A status with an error number raises
 * {@code <name>.servo_error} (value: id); bytes that are no packet, a wrong CRC or a bad length raise
 * {@code <name>.bad_input} (value: the count so far); a bus that fails raises {@code <name>.link_lost} /
 * {@code link_back} (the failsafe holds goals back after it, until resumed).
 *
 * <p>Tick thread: {@link #onTick} copies the latest states into {@link #position(int)} ...; {@link
 * #setGoal(int, double)} sets a servo's goal (index into the configured ids). Neither waits on the bus.
 *
 * <p>Failsafe ({@link #failsafe()}, any thread; the watchdog through {@link #onStall}): torque off, or goal
 * velocity 0, written by the IO thread at its next cycle (within one period), and goals are no longer sent until
 * the tick thread calls {@link #resume()} (the {@code DxlTorque} node does, with torque on).
 *
 * <p>This class wires the parts, which run on the bus thread: {@link DxlTransactions} (packets, waiting for
 * statuses, the port lost), {@link DxlStartup} (PING round, {@link DxlEeprom} operating modes, Bus Watchdog),
 * {@link DxlPoller} (each cycle's writes and reads), {@link DxlHardwareErrors} (the Alert bit) and
 * {@link DxlEvents} (event names and offers).
 */
public final class DynamixelBus implements TickListener, StallHandler, AutoCloseable {
    public static final int POSITION = 0;
    public static final int VELOCITY = 1;
    public static final int CURRENT = 2;
    public static final int VOLTAGE = 3;
    public static final int TEMPERATURE = 4;
    public static final int HARDWARE_ERROR = 5;
    /** 1 when the servo answered the last read, 0 when it did not. */
    public static final int ANSWERED = 6;
    static final int PER_SERVO = 7;

    private final DynamixelConfig config;
    private final int[] ids;
    private final int[] indexOfId = new int[256];
    private final SeqlockTable states;
    private final SeqlockTable goals;
    private final DxlEvents events;
    private final DxlTransactions tx;
    private final DxlHardwareErrors hardware;
    private final DxlPoller poller;
    private final DxlStartup startup;
    private final boolean[] undriven;
    private volatile boolean running;
    private Thread thread;

    // tick thread
    private final double[] snapshot;
    private final double[] goalValues;

    public DynamixelBus(DynamixelConfig config, ControlTable table, Transport transport, NanoClock clock,
            EventQueue events) {
        this.config = config.validate();
        this.ids = config.ids().clone();
        Arrays.fill(indexOfId, -1);
        for (int i = 0; i < ids.length; i++) {
            indexOfId[ids[i]] = i;
        }
        states = new SeqlockTable(ids.length * PER_SERVO);
        goals = new SeqlockTable(ids.length);
        snapshot = new double[ids.length * PER_SERVO];
        goalValues = new double[ids.length];
        Arrays.fill(goalValues, Double.NaN);
        undriven = new boolean[ids.length];
        this.events = new DxlEvents(this.config, events, clock);
        tx = new DxlTransactions(config, transport, this.events, ids, indexOfId);
        hardware = new DxlHardwareErrors(config, table, tx, this.events, states, ids);
        poller = new DxlPoller(config, table, tx, this.events, hardware, states, goals, ids, undriven);
        tx.listen(poller);
        startup = new DxlStartup(config, table, tx, this.events, ids, undriven);
    }

    /** The bus's port: lost / back, told in the node's one format. */
    public LinkHealth health() {
        return events.busHealth;
    }

    /** Each servo (in the order of the ids): lost after {@code lost_after} missed reads, back when it answers. */
    public List<LinkHealth> servoHealth() {
        return List.of(events.servoHealth);
    }

    /** Opens the port on the calling thread (a wrong port fails here) and starts the bus thread. */
    public synchronized DynamixelBus start() throws IOException {
        tx.open();
        running = true;
        thread = new Thread(this::run, "dynamixel-" + config.name());
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    // ------------------------------------------------------------------ IO thread

    private void run() {
        startup.run();
        if (config.torqueOnStart()) {
            poller.torqueAll(1);
        }
        long next = System.nanoTime();
        long backoffMs = 50;
        while (running) {
            if (!tx.up()) {
                try {
                    tx.open();
                    backoffMs = 50;
                    events.busHealth.back();
                    events.event(EventKind.COMMAND, events.linkBack, 0);
                    startup.run(); // a servo swapped or unplugged while the port was away
                    poller.stop(); // the servos may have rebooted: no goals until the tree resumes
                } catch (IOException e) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(backoffMs));
                    backoffMs = Math.min(1000, backoffMs * 2);
                    continue;
                }
            }
            poller.cycle();
            next += config.periodMs() * 1_000_000L;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            } else {
                next = System.nanoTime();
            }
        }
    }

    // ------------------------------------------------------------------ tick thread

    @Override
    public void onTick(long nowNs) {
        states.copyTo(snapshot);
    }

    /** Tick thread: the index of servo {@code id} in the configured ids, or -1. */
    public int indexOf(int id) {
        return id >= 0 && id < 256 ? indexOfId[id] : -1;
    }

    public int servos() {
        return ids.length;
    }

    public int id(int index) {
        return ids[index];
    }

    /** Tick thread: value {@code what} ({@link #POSITION} ...) of servo {@code index}, as of this tick; NaN until read. */
    public double state(int index, int what) {
        return snapshot[index * PER_SERVO + what];
    }

    /** Tick thread: present position of servo {@code index}, rad (0 at the middle of the range). */
    public double position(int index) {
        return state(index, POSITION);
    }

    /** Tick thread: sets the goal of servo {@code index} (rad, or rad/s in velocity mode); NaN: send none. */
    public void setGoal(int index, double value) {
        if (Double.compare(goalValues[index], value) == 0) {
            return;
        }
        goalValues[index] = value;
        goals.beginWrite();
        for (int i = 0; i < goalValues.length; i++) {
            goals.set(i, goalValues[i]);
        }
        goals.endWrite();
    }

    /** Tick thread: the goal last set for servo {@code index}. */
    public double goal(int index) {
        return goalValues[index];
    }

    /** Tick thread: after a failsafe, send goals again and turn torque on. */
    public void resume() {
        poller.torqueOnRequests.incrementAndGet();
        poller.resumeRequests.incrementAndGet();
    }

    /** Any thread: torque off or zero velocity at the bus's next cycle, and no goals until {@link #resume()}. */
    public void failsafe() {
        poller.failsafeRequests.incrementAndGet();
    }

    @Override
    public void onStall(String tickerRole, String timerName, long stalledForNs) {
        failsafe();
    }

    public DynamixelConfig config() {
        return config;
    }

    public long cycles() {
        return poller.cycles.get();
    }

    /** Reads a servo did not answer in time. */
    public long noAnswers() {
        return poller.noAnswers.get();
    }

    public long servoErrors() {
        return events.servoErrors();
    }

    /** PING rounds done (one at start, one after each link_back); the models are known once this is positive. */
    public long pingRounds() {
        return startup.pingRounds();
    }

    /**
     * The model number servo {@code index} answered to the last PING round, -1 when it did not answer, 0 before
     * the first round (any thread, after {@link #pingRounds()} is positive).
     */
    public int model(int index) {
        return startup.model(index);
    }

    /**
     * Whether the bus drives servo {@code index} (sends it goals and torque on): false when the start refused it, an
     * EEPROM item differing from what the bus needs under {@code eeprom="keep"} (any thread, after the start).
     */
    public boolean driven(int index) {
        return !undriven[index];
    }

    /** The firmware version servo {@code index} answered to PING (as {@link #model}). */
    public int firmware(int index) {
        return startup.firmware(index);
    }

    /** READs of Hardware Error Status that servos answered (each after an Alert bit). */
    public long hardwareErrorReads() {
        return hardware.reads();
    }

    /** Whether goals are held back (a failsafe ran and the tree did not resume yet), as of the last cycle. */
    public boolean stopped() {
        return poller.stoppedNow();
    }

    /** Whether the port is open. */
    public boolean isUp() {
        return tx.up();
    }

    /** Times the port was lost. */
    public long lostCount() {
        return tx.lostCount();
    }

    /** Servos declared lost (missed {@link DynamixelConfig#lostAfter()} reads in a row). */
    public long servosLost() {
        return poller.servosLost.get();
    }

    /** Instruction packets written to the port. */
    public long packetsSent() {
        return tx.packetsSent();
    }

    public String describe() {
        return tx.transport().describe();
    }

    /** Failsafe writes done by the bus thread. */
    public long failsafesWritten() {
        return poller.failsafesWritten.get();
    }

    public DxlParser parser() {
        return tx.parser();
    }

    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        tx.transport().close();
    }
}
