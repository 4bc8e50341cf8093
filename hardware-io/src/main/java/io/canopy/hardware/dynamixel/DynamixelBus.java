package io.canopy.hardware.dynamixel;

import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.SeqlockTable;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import io.canopy.tick.StallHandler;
import io.canopy.tick.TickListener;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 */
public final class DynamixelBus implements TickListener, StallHandler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DynamixelBus.class);

    public static final int POSITION = 0;
    public static final int VELOCITY = 1;
    public static final int CURRENT = 2;
    public static final int VOLTAGE = 3;
    public static final int TEMPERATURE = 4;
    public static final int HARDWARE_ERROR = 5;
    /** 1 when the servo answered the last read, 0 when it did not. */
    public static final int ANSWERED = 6;
    static final int PER_SERVO = 7;

    private static final int READ_START = 126;
    /** What the IO thread waits for: the answers to a SYNC_READ, or one servo's answer to a PING or a READ. */
    private static final int T_SYNC = 0;
    private static final int T_PING = 1;
    private static final int T_READ = 2;
    private static final int PING_TRIES = 3;
    /** While a servo's Alert bit stays set, its Hardware Error Status is read again this often (cycles). */
    private static final int HW_REREAD_CYCLES = 100;
    private static final int NOT_PINGED = 0;
    private static final int MISSING = -1;
    private static final int READ_LENGTH = 146 - 126 + 1;

    private final DynamixelConfig config;
    private final ControlTable table;
    private final Transport transport;
    private final NanoClock clock;
    private final EventQueue events;
    private final int[] ids;
    private final int[] indexOfId = new int[256];
    private final ControlTable.Item current;
    private final ControlTable.Item velocity;
    private final ControlTable.Item position;
    private final ControlTable.Item voltage;
    private final ControlTable.Item temperature;
    private final ControlTable.Item goal;
    private final ControlTable.Item torque;
    private final ControlTable.Item hardwareError;
    private final ControlTable.Item goalVelocity;
    private final ControlTable.Item busWatchdog;
    private final ControlTable.Item operatingMode;
    private final SeqlockTable states;
    private final SeqlockTable goals;
    private final String evNoAnswer;
    private final String evServoError;
    private final String evLinkLost;
    private final String evLinkBack;
    private final String evServoLost;
    private final String evServoBack;
    private final String evBadInput;
    private final String evServoMissing;
    private final String evModelMismatch;
    private final String evHardwareError;
    private final AtomicLong pingRounds = new AtomicLong();
    private final AtomicLong hardwareErrorReads = new AtomicLong();
    private final AtomicLong lostCount = new AtomicLong();
    private final AtomicLong servosLost = new AtomicLong();
    private final AtomicLong packetsSent = new AtomicLong();
    private final AtomicLong failsafeRequests = new AtomicLong();
    private final AtomicLong resumeRequests = new AtomicLong();
    private final AtomicLong torqueOnRequests = new AtomicLong();
    private final AtomicLong noAnswers = new AtomicLong();
    private final AtomicLong servoErrors = new AtomicLong();
    private final AtomicLong cycles = new AtomicLong();
    private final AtomicLong failsafesWritten = new AtomicLong();
    private volatile boolean running;
    private volatile boolean up;
    private volatile boolean stoppedNow;
    private Thread thread;

    // IO thread
    private final DxlParser parser;
    private final byte[] out = new byte[2048];
    private final byte[] scratch = new byte[2048];
    private final byte[] in = new byte[1024];
    private final long[] values;
    private final int[] answered;
    private final int[] lastHwError;
    private final int[] missed;
    private final boolean[] seen;
    private final int[] models;
    private final int[] firmware;
    private final int[] reportedModel;
    private final boolean[] alert;
    private final boolean[] hwReadDue;
    private final byte[] eventPayload = new byte[2];
    private int txKind = T_SYNC;
    private int txId;
    private int txLength;
    private boolean txDone;
    private int txError;
    private final byte[] txData = new byte[1024];
    private long badInputReported;
    private final double[] goalCopy;
    private final Event ioEvent = new Event(8);
    private int readAddress;
    private int readLength;
    private boolean stopped;
    private long failsafeSeen;
    private long resumeSeen;
    private long torqueSeen;

    // tick thread
    private final double[] snapshot;
    private final double[] goalValues;

    public DynamixelBus(DynamixelConfig config, ControlTable table, Transport transport, NanoClock clock,
            EventQueue events) {
        this.config = config.validate();
        this.table = table;
        this.transport = transport;
        this.clock = clock;
        this.events = events;
        this.ids = config.ids().clone();
        java.util.Arrays.fill(indexOfId, -1);
        for (int i = 0; i < ids.length; i++) {
            indexOfId[ids[i]] = i;
        }
        current = table.item("present_current");
        velocity = table.item("present_velocity");
        position = table.item("present_position");
        voltage = table.item("present_input_voltage");
        temperature = table.item("present_temperature");
        torque = table.item("torque_enable");
        hardwareError = table.item("hardware_error_status");
        goalVelocity = table.item("goal_velocity");
        busWatchdog = config.busWatchdogMs() > 0 ? table.item("bus_watchdog") : null;
        operatingMode = table.has("operating_mode") ? table.item("operating_mode") : null;
        goal = config.mode() == DynamixelConfig.Mode.POSITION ? table.item("goal_position") : goalVelocity;
        if (current.address() != READ_START || temperature.address() + 1 - READ_START != READ_LENGTH) {
            throw new IllegalArgumentException("control table " + table.name() + ": the bus reads present_current.."
                    + "present_temperature as one block at 126..146 (X series)");
        }
        states = new SeqlockTable(ids.length * PER_SERVO);
        goals = new SeqlockTable(ids.length);
        snapshot = new double[ids.length * PER_SERVO];
        goalValues = new double[ids.length];
        java.util.Arrays.fill(goalValues, Double.NaN);
        goalCopy = new double[ids.length];
        values = new long[ids.length];
        answered = new int[ids.length];
        lastHwError = new int[ids.length];
        missed = new int[ids.length];
        seen = new boolean[ids.length];
        models = new int[ids.length];
        firmware = new int[ids.length];
        reportedModel = new int[ids.length];
        java.util.Arrays.fill(reportedModel, NOT_PINGED);
        alert = new boolean[ids.length];
        hwReadDue = new boolean[ids.length];
        String p = config.name();
        evNoAnswer = (p + ".no_answer").intern();
        evServoError = (p + ".servo_error").intern();
        evLinkLost = (p + ".link_lost").intern();
        evLinkBack = (p + ".link_back").intern();
        evServoLost = (p + ".servo_lost").intern();
        evServoBack = (p + ".servo_back").intern();
        evBadInput = (p + ".bad_input").intern();
        evServoMissing = (p + ".servo_missing").intern();
        evModelMismatch = (p + ".model_mismatch").intern();
        evHardwareError = (p + ".hardware_error").intern();
        parser = new DxlParser(this::onStatus);
    }

    /** Opens the port on the calling thread (a wrong port fails here) and starts the bus thread. */
    public synchronized DynamixelBus start() throws IOException {
        transport.open();
        up = true;
        running = true;
        thread = new Thread(this::run, "dynamixel-" + config.name());
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    // ------------------------------------------------------------------ IO thread

    private void run() {
        pingAll();
        operatingModes();
        busWatchdog();
        if (config.torqueOnStart()) {
            torqueAll(1);
        }
        long next = System.nanoTime();
        long backoffMs = 50;
        while (running) {
            if (!up) {
                try {
                    transport.open();
                    up = true;
                    backoffMs = 50;
                    event(EventKind.COMMAND, evLinkBack, 0);
                    pingAll(); // a servo swapped or unplugged while the port was away
                    operatingModes();
                    busWatchdog(); // a servo whose watchdog tripped takes goals again only after it is cleared
                    stopped = true; // the servos may have rebooted: no goals until the tree resumes
                } catch (IOException e) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(backoffMs));
                    backoffMs = Math.min(1000, backoffMs * 2);
                    continue;
                }
            }
            cycle();
            cycles.incrementAndGet();
            next += config.periodMs() * 1_000_000L;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            } else {
                next = System.nanoTime();
            }
        }
    }

    private void cycle() {
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
                if (!Double.isNaN(goalCopy[i])) {
                    scratchIds[n] = ids[i];
                    values[n] = goal.fromSi(goalCopy[i]);
                    n++;
                }
            }
            if (n > 0) {
                send(DxlPackets.syncWrite(out, scratch, goal.address(), goal.size(), scratchIds, values, n));
            }
        }
        readBlock(READ_START, READ_LENGTH);
        boolean reread = cycles.get() % HW_REREAD_CYCLES == 0;
        for (int i = 0; i < ids.length && up; i++) {
            if (hwReadDue[i] || reread && alert[i]) {
                readHardwareError(i);
            }
        }
    }

    // ------------------------------------------------------------------ single-servo transactions (IO thread)

    /**
     * Sends the packet in {@code out[0..len)} to servo {@code id} and waits, up to the response timeout, for its
     * status: {@code length} parameters after the error byte (or an error number with none). True when it came;
     * its error byte is then in {@link #txError} and its parameters in {@link #txData}.
     */
    private boolean transact(int len, int kind, int id, int length) {
        if (!up) {
            return false;
        }
        txKind = kind;
        txId = id;
        txLength = length;
        txDone = false;
        parser.reset();
        send(len);
        long deadline = System.nanoTime() + config.responseTimeoutMs() * 1_000_000L;
        while (!txDone && up) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            int n = transport.read(in, (int) Math.max(1, left / 1_000_000L));
            if (n < 0) {
                lost();
                break;
            }
            parser.feed(in, 0, n);
        }
        txKind = T_SYNC;
        return txDone;
    }

    /** PINGs every servo and reports the missing ones and the wrong models (once per change). */
    private void pingAll() {
        for (int i = 0; i < ids.length && up; i++) {
            int got = MISSING;
            long badBefore = parser.crcErrors() + parser.badLengths() + parser.garbageBytes();
            for (int attempt = 0; attempt < PING_TRIES && got == MISSING && up; attempt++) {
                if (transact(DxlPackets.ping(out, ids[i]), T_PING, ids[i], 3) && (txError & 0x7F) == 0) {
                    got = (txData[0] & 0xFF) | (txData[1] & 0xFF) << 8;
                    firmware[i] = txData[2] & 0xFF;
                }
            }
            if (!up) {
                return; // the port went away: the ping round runs again when it is back
            }
            models[i] = got;
            reportPing(i, got, parser.crcErrors() + parser.badLengths() + parser.garbageBytes() != badBefore);
        }
        pingRounds.incrementAndGet();
    }

    private void reportPing(int i, int got, boolean damaged) {
        if (got == reportedModel[i]) {
            return; // told already (an earlier start or link_back)
        }
        reportedModel[i] = got;
        int expected = config.model(i);
        String want = expected != 0 ? table.describeModel(expected)
                : table.models().isEmpty() ? "any model" : "a model that " + table.name() + " describes";
        if (got == MISSING) {
            if (damaged) {
                LOG.warn("dynamixel '{}' ({}): servo {} does not answer PING with a good packet (expected {}; damaged bytes came:"
                        + " a wrong CRC or a packet cut short); check the baud rate, the cable and the power", config.name(),
                        transport.describe(), ids[i], want);
            } else {
                LOG.warn("dynamixel '{}' ({}): servo {} does not answer PING (expected {}); check its id, its baud rate, its"
                        + " power and its cable", config.name(), transport.describe(), ids[i], want);
            }
            event(EventKind.COMMAND, evServoMissing, ids[i]);
        } else if (expected != 0 ? got != expected : !table.models().isEmpty() && !table.models().containsKey(got)) {
            LOG.warn("dynamixel '{}': servo {} is {}, expected {}; correct the model in the launch file, or give this servo"
                    + " another id", config.name(), ids[i], table.describeModel(got), want);
            DxlPackets.put16(eventPayload, 0, got);
            if (events != null) {
                events.offer(ioEvent.set(EventKind.COMMAND, evModelMismatch, clock.nanoTime()).value(ids[i])
                        .payload(eventPayload, 0, 2));
            }
        } else {
            LOG.info("dynamixel '{}': servo {} is {}, firmware {}", config.name(), ids[i], table.describeModel(got),
                    firmware[i]);
        }
    }

    /** READs {@code item} of servo {@code i}: its value, or -1 when the servo did not answer or answered an error. */
    private long readOne(int i, ControlTable.Item item) {
        if (transact(DxlPackets.read(out, scratch, ids[i], item.address(), item.size()), T_READ, ids[i], item.size())
                && (txError & 0x7F) == 0) {
            return DxlPackets.getLe(txData, 0, item.size(), false);
        }
        return -1;
    }

    /**
     * WRITEs {@code value} to {@code item} of servo {@code i} and waits for its status (none comes when the servo's
     * Status Return Level is below 2: then the answer is false, and a read-back tells whether it took).
     */
    private boolean writeOne(int i, ControlTable.Item item, long value) {
        return transact(DxlPackets.write(out, scratch, ids[i], item.address(), item.size(), value), T_READ, ids[i], 0)
                && (txError & 0x7F) == 0;
    }

    private static String modeName(long mode) {
        return switch ((int) mode) {
            case 0 -> "current";
            case 1 -> "velocity";
            case 3 -> "position";
            case 4 -> "extended position";
            case 5 -> "current-based position";
            case 16 -> "PWM";
            default -> "unknown";
        };
    }

    /** Puts every answering servo in the operating mode the bus's goals are for (see the class comment). */
    private void operatingModes() {
        if (operatingMode == null) {
            return; // a family whose table has no operating mode
        }
        boolean velocityMode = config.mode() == DynamixelConfig.Mode.VELOCITY;
        int want = velocityMode ? 1 : 3;
        for (int i = 0; i < ids.length && up; i++) {
            if (models[i] <= 0) {
                continue; // did not answer PING: told already
            }
            long mode = readOne(i, operatingMode);
            if (mode < 0 || (velocityMode ? mode == 1 : mode == 3 || mode == 4 || mode == 5)) {
                continue;
            }
            writeOne(i, torque, 0);
            writeOne(i, operatingMode, want);
            long now = readOne(i, operatingMode);
            if (now == want) {
                LOG.info("dynamixel '{}': servo {} was in operating mode {} ({}); set it to {} ({}) for mode=\"{}\"",
                        config.name(), ids[i], mode, modeName(mode), want, modeName(want), velocityMode ? "velocity" : "position");
            } else {
                servoErrors.incrementAndGet();
                LOG.warn("dynamixel '{}': servo {} is in operating mode {} ({}) and did not take {} ({}): the bus's goals will"
                        + " not move it; set its Operating Mode with DYNAMIXEL Wizard 2.0", config.name(), ids[i], mode,
                        modeName(mode), want, modeName(want));
                event(EventKind.COMMAND, evServoError, ids[i]);
            }
        }
    }

    /** READs servo {@code i}'s Hardware Error Status; stays due when it does not answer (tried again next cycle). */
    private void readHardwareError(int i) {
        if (transact(DxlPackets.read(out, scratch, ids[i], hardwareError.address(), 1), T_READ, ids[i], 1)) {
            hwReadDue[i] = false; // an error number instead (raised as servo_error): tried again with the periodic re-read
            if ((txError & 0x7F) == 0) {
                hardwareErrorReads.incrementAndGet();
                hardwareError(i, txData[0] & 0xFF);
            }
        } else {
            hwReadDue[i] = true;
        }
    }

    private void hardwareError(int i, int bits) {
        states.beginWrite();
        states.set(i * PER_SERVO + HARDWARE_ERROR, bits);
        states.endWrite();
        if (bits != 0 && bits != lastHwError[i]) {
            servoErrors.incrementAndGet();
            LOG.warn("dynamixel '{}': servo {} hardware error 0x{} ({}); the errors its Shutdown setting selects turn its"
                    + " torque off (overheating, electrical shock, overload by default): fix the cause, then reboot it or"
                    + " power it off and on", config.name(), ids[i], Integer.toHexString(bits),
                    DxlErrors.hardware(bits));
            eventPayload[0] = (byte) bits;
            if (events != null) {
                events.offer(ioEvent.set(EventKind.COMMAND, evHardwareError, clock.nanoTime()).value(ids[i])
                        .payload(eventPayload, 0, 1));
            }
            event(EventKind.COMMAND, evServoError, ids[i]);
        }
        lastHwError[i] = bits;
    }

    /** The Alert bit of servo {@code i}'s latest status: a rise asks for a READ of Hardware Error Status. */
    private void alert(int i, boolean on) {
        if (on && !alert[i]) {
            hwReadDue[i] = true;
        } else if (!on && alert[i]) {
            hwReadDue[i] = false;
            if (lastHwError[i] != 0) {
                LOG.info("dynamixel '{}': servo {} hardware error cleared", config.name(), ids[i]);
                hardwareError(i, 0);
            }
        }
        alert[i] = on;
    }

    private final int[] scratchIds = new int[253];

    private void writeFailsafe() {
        if (config.failsafe() == DynamixelConfig.Failsafe.TORQUE_OFF) {
            torqueAll(0);
        } else {
            for (int i = 0; i < ids.length; i++) {
                values[i] = 0;
            }
            send(DxlPackets.syncWrite(out, scratch, goalVelocity.address(), goalVelocity.size(), ids, values, ids.length));
        }
        failsafesWritten.incrementAndGet();
    }

    /** Clears each servo's Bus Watchdog (and its error), then sets it, when one is configured. */
    private void busWatchdog() {
        if (config.busWatchdogMs() == 0) {
            return;
        }
        writeAll(busWatchdog, 0);
        writeAll(busWatchdog, config.busWatchdogMs() / 20);
    }

    private void writeAll(ControlTable.Item item, long value) {
        for (int i = 0; i < ids.length; i++) {
            values[i] = value;
        }
        send(DxlPackets.syncWrite(out, scratch, item.address(), item.size(), ids, values, ids.length));
    }

    private void torqueAll(int on) {
        for (int i = 0; i < ids.length; i++) {
            values[i] = on;
        }
        send(DxlPackets.syncWrite(out, scratch, torque.address(), torque.size(), ids, values, ids.length));
    }

    private void send(int len) {
        if (up) {
            if (transport.write(out, len)) {
                packetsSent.incrementAndGet();
            } else {
                lost();
            }
        }
    }

    private void lost() {
        up = false;
        lostCount.incrementAndGet();
        stopped = true;
        stoppedNow = true;
        LOG.warn("dynamixel '{}' ({}): bus lost: {}; reopening", config.name(), transport.describe(), transport.lastError());
        transport.close();
        event(EventKind.COMMAND, evLinkLost, 0);
    }

    /** One SYNC_READ: waits for every servo's status (or the response timeout), stores what came. */
    private void readBlock(int address, int length) {
        if (!up) {
            return;
        }
        readAddress = address;
        readLength = length;
        java.util.Arrays.fill(answered, 0);
        parser.reset();
        send(DxlPackets.syncRead(out, scratch, address, length, ids, ids.length));
        long deadline = System.nanoTime() + config.responseTimeoutMs() * 1_000_000L;
        int pending = ids.length;
        while (pending > 0 && up) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            int n = transport.read(in, (int) Math.max(1, left / 1_000_000L));
            if (n < 0) {
                lost();
                return;
            }
            parser.feed(in, 0, n);
            pending = 0;
            for (int a : answered) {
                pending += a == 0 ? 1 : 0;
            }
        }
        if (address == READ_START) {
            states.beginWrite();
            for (int i = 0; i < ids.length; i++) {
                states.set(i * PER_SERVO + ANSWERED, answered[i]);
            }
            states.endWrite();
        }
        long bad = parser.crcErrors() + parser.badLengths() + parser.garbageBytes();
        if (bad != badInputReported) {
            badInputReported = bad;
            event(EventKind.SENSOR, evBadInput, bad);
        }
        for (int i = 0; i < ids.length; i++) {
            if (answered[i] == 0) {
                noAnswers.incrementAndGet();
                event(EventKind.SENSOR, evNoAnswer, ids[i]);
                // only a servo that was there can be lost: one that never answered (not powered yet, a wrong id) is
                // reported by no_answer and answered=0, and never got the torque-on it missed
                if (++missed[i] == config.lostAfter() && config.lostAfter() > 0 && seen[i]) {
                    servosLost.incrementAndGet();
                    LOG.warn("dynamixel '{}': servo {} missed {} reads in a row: lost; failsafe ({})", config.name(), ids[i],
                            missed[i], config.failsafe());
                    event(EventKind.COMMAND, evServoLost, ids[i]);
                    failsafeRequests.incrementAndGet(); // written at the start of the next cycle
                }
            } else {
                if (config.lostAfter() > 0 && seen[i] && missed[i] >= config.lostAfter()) {
                    LOG.info("dynamixel '{}': servo {} answers again; goals stay off until the tree resumes", config.name(), ids[i]);
                    event(EventKind.COMMAND, evServoBack, ids[i]);
                }
                seen[i] = true;
                missed[i] = 0;
            }
        }
    }

    private void onStatus(int id, int instruction, byte[] p, int n) {
        if (instruction != DxlPackets.STATUS || id > 252 || indexOfId[id] < 0 || n < 1) {
            return; // our own instruction echoed by the adapter, or a servo we do not drive
        }
        int i = indexOfId[id];
        int error = p[0] & 0xFF;
        if ((error & 0x7F) != 0) {
            servoErrors.incrementAndGet();
            event(EventKind.COMMAND, evServoError, id);
        }
        alert(i, (error & DxlErrors.ALERT) != 0);
        if (txKind != T_SYNC) {
            if (id == txId && !txDone && (n - 1 == txLength || (error & 0x7F) != 0)) {
                txError = error;
                System.arraycopy(p, 1, txData, 0, n - 1);
                txDone = true;
            }
            return;
        }
        if (n - 1 != readLength) {
            return; // not the answer to this read (a late one)
        }
        answered[i] = 1;
        int base = i * PER_SERVO;
        if (readAddress == READ_START) {
            states.beginWrite();
            states.set(base + CURRENT, current.toSi(DxlPackets.getLe(p, 1 + current.address() - READ_START, current.size(), true)));
            states.set(base + VELOCITY, velocity.toSi(DxlPackets.getLe(p, 1 + velocity.address() - READ_START, velocity.size(), true)));
            states.set(base + POSITION, position.toSi(DxlPackets.getLe(p, 1 + position.address() - READ_START, position.size(), true)));
            states.set(base + VOLTAGE, voltage.toSi(DxlPackets.getLe(p, 1 + voltage.address() - READ_START, voltage.size(), false)));
            states.set(base + TEMPERATURE, temperature.toSi(DxlPackets.getLe(p, 1 + temperature.address() - READ_START, 1, false)));
            if (!alert[i]) {
                states.set(base + HARDWARE_ERROR, 0); // no Alert bit: no hardware error (with it, the READ tells the bits)
            }
            states.endWrite();
        }
    }

    private void event(EventKind kind, String name, double value) {
        if (events != null) {
            events.offer(ioEvent.set(kind, name, clock.nanoTime()).value(value));
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
        torqueOnRequests.incrementAndGet();
        resumeRequests.incrementAndGet();
    }

    /** Any thread: torque off or zero velocity at the bus's next cycle, and no goals until {@link #resume()}. */
    public void failsafe() {
        failsafeRequests.incrementAndGet();
    }

    @Override
    public void onStall(String tickerRole, String timerName, long stalledForNs) {
        failsafe();
    }

    public DynamixelConfig config() {
        return config;
    }

    public long cycles() {
        return cycles.get();
    }

    /** Reads a servo did not answer in time. */
    public long noAnswers() {
        return noAnswers.get();
    }

    public long servoErrors() {
        return servoErrors.get();
    }

    /** PING rounds done (one at start, one after each link_back); the models are known once this is positive. */
    public long pingRounds() {
        return pingRounds.get();
    }

    /**
     * The model number servo {@code index} answered to the last PING round, -1 when it did not answer, 0 before
     * the first round (any thread, after {@link #pingRounds()} is positive).
     */
    public int model(int index) {
        return models[index];
    }

    /** The firmware version servo {@code index} answered to PING (as {@link #model}). */
    public int firmware(int index) {
        return firmware[index];
    }

    /** READs of Hardware Error Status that servos answered (each after an Alert bit). */
    public long hardwareErrorReads() {
        return hardwareErrorReads.get();
    }

    /** Whether goals are held back (a failsafe ran and the tree did not resume yet), as of the last cycle. */
    public boolean stopped() {
        return stoppedNow;
    }

    /** Whether the port is open. */
    public boolean isUp() {
        return up;
    }

    /** Times the port was lost. */
    public long lostCount() {
        return lostCount.get();
    }

    /** Servos declared lost (missed {@link DynamixelConfig#lostAfter()} reads in a row). */
    public long servosLost() {
        return servosLost.get();
    }

    /** Instruction packets written to the port. */
    public long packetsSent() {
        return packetsSent.get();
    }

    public String describe() {
        return transport.describe();
    }

    /** Failsafe writes done by the bus thread. */
    public long failsafesWritten() {
        return failsafesWritten.get();
    }

    public DxlParser parser() {
        return parser;
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
        transport.close();
    }
}
