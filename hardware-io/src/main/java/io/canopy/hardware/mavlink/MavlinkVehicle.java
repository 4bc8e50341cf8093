package io.canopy.hardware.mavlink;

import io.canopy.hardware.stream.ByteLink;
import io.canopy.hardware.stream.OutFrame;
import io.canopy.hardware.stream.SeqlockTable;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import io.canopy.tick.StallHandler;
import io.canopy.tick.TickListener;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MAVLink vehicle role: one flight controller (PX4, ArduPilot) on a {@link ByteLink} (serial or UDP).
 *
 * <p><b>Reader thread</b> ({@link #onBytes}): parses frames of the target system and component into a state
 * table (armed, mode, attitude, local and global position, battery, landed state, mission progress), answers
 * the vehicle's mission item requests during an upload, and raises events into the ticker's inbox:
 * {@code <name>.armed}, {@code <name>.disarmed}, {@code <name>.mode_changed} (value: custom_mode, attachment:
 * the mode's name), {@code <name>.command_ack} (value: MAV_RESULT, payload: the command id, 2 bytes LE),
 * {@code <name>.mission_ack} (value: MAV_MISSION_RESULT), {@code <name>.mission_item_reached} (value: seq) and
 * {@code <name>.bad_input} (a SENSOR sample, value: the count of bad bytes and frames so far).
 *
 * <p><b>Tick thread</b> ({@link #onTick}): copies the state table into {@link #state(int)}, decides the link's
 * health from the heartbeat age ({@code <name>.link_lost} / {@code <name>.link_back}), sends its own HEARTBEAT,
 * resends unacknowledged commands and streams the active setpoint. Commands ({@link #arm}, {@link #setMode},
 * {@link #takeoff}, {@link #land}, {@link #command}) return a slot whose {@link #commandResult(int)} the caller
 * polls; nothing waits. Sending claims a pooled frame of the link: allocation-free and never blocking.
 *
 * <p><b>Failsafe</b> ({@link #failsafe()}, any thread; the watchdog calls it through {@link #onStall}): stops
 * the streamed setpoint; on the ground (disarmed, or landed state ON_GROUND) it disarms, in the air it holds
 * (a zero-velocity setpoint, and the configured hold mode) or lands, per {@link MavlinkConfig#failsafe()}. From
 * the next tick on the vehicle is {@link #held()}: setpoints from trees are refused until a tree sets a mode
 * again. When the heartbeats stop, the streamed setpoint stops too (no stale setpoint resumes by itself).
 */
public final class MavlinkVehicle implements ByteLink.Receiver, MavlinkParser.Handler, TickListener, StallHandler {
    private static final Logger LOG = LoggerFactory.getLogger(MavlinkVehicle.class);

    // state table indices
    public static final int ARMED = 0;
    public static final int BASE_MODE = 1;
    public static final int CUSTOM_MODE = 2;
    public static final int SYSTEM_STATUS = 3;
    public static final int VEHICLE_TYPE = 4;
    public static final int AUTOPILOT = 5;
    public static final int ROLL = 6;
    public static final int PITCH = 7;
    public static final int YAW = 8;
    public static final int X = 9;
    public static final int Y = 10;
    public static final int Z = 11;
    public static final int VX = 12;
    public static final int VY = 13;
    public static final int VZ = 14;
    public static final int LAT = 15;
    public static final int LON = 16;
    public static final int ALT = 17;
    public static final int REL_ALT = 18;
    public static final int HEADING = 19;
    public static final int BATTERY_V = 20;
    public static final int BATTERY_A = 21;
    public static final int BATTERY_PCT = 22;
    public static final int LANDED_STATE = 23;
    public static final int MISSION_SEQ = 24;
    public static final int MISSION_REACHED = 25;
    public static final int STATE_SIZE = 26;

    // MAV_CMD and MAV_RESULT values used here (common.xml)
    public static final int MAV_CMD_NAV_LAND = 21;
    public static final int MAV_CMD_NAV_TAKEOFF = 22;
    public static final int MAV_CMD_DO_SET_MODE = 176;
    public static final int MAV_CMD_MISSION_START = 300;
    public static final int MAV_CMD_COMPONENT_ARM_DISARM = 400;
    public static final int MAV_RESULT_ACCEPTED = 0;
    public static final int MAV_RESULT_IN_PROGRESS = 5;
    /** {@link #commandResult} while no final COMMAND_ACK came. */
    public static final int RESULT_PENDING = -1;
    /** {@link #commandResult} after every retry went unanswered. */
    public static final int RESULT_TIMEOUT = -2;
    /** MAV_LANDED_STATE_ON_GROUND. */
    public static final int LANDED_ON_GROUND = 1;

    /** Upload states of {@link #missionState()}. */
    public static final int MISSION_IDLE = 0;
    public static final int MISSION_UPLOADING = 1;
    public static final int MISSION_ACCEPTED = 2;
    public static final int MISSION_REJECTED = 3;
    public static final int MISSION_TIMEOUT = 4;
    public static final int MAX_MISSION_ITEMS = 512;

    private static final int SLOTS = 8;
    private static final int MAV_FRAME_LOCAL_NED = 1;
    private static final int MAV_FRAME_GLOBAL_RELATIVE_ALT_INT = 6;
    private static final int MAV_CMD_NAV_WAYPOINT = 16;
    private static final int MASK_POSITION = 0x09F8; // ignore velocity, acceleration, yaw rate
    private static final int MASK_POSITION_NO_YAW = 0x0DF8;
    private static final int MASK_VELOCITY = 0x05C7; // ignore position, acceleration, yaw
    private static final long MISSION_TIMEOUT_NS = 3_000_000_000L;

    private final MavlinkConfig config;
    private final NanoClock clock;
    private final EventQueue events;
    private final String evArmed;
    private final String evDisarmed;
    private final String evModeChanged;
    private final String evCommandAck;
    private final String evMissionAck;
    private final String evItemReached;
    private final String evBadInput;
    private final String evLinkLost;
    private final String evLinkBack;
    private final MavlinkParser parser = new MavlinkParser(this);
    private final SeqlockTable table = new SeqlockTable(STATE_SIZE);
    private final AtomicInteger sequence = new AtomicInteger();
    private final AtomicLong stopRequests = new AtomicLong();
    private final AtomicLong commandsSent = new AtomicLong();
    private final AtomicLong framesRefused = new AtomicLong();
    private final AtomicLong eventsRefused = new AtomicLong();
    private volatile ByteLink link;
    private volatile long lastHeartbeatNs = Long.MIN_VALUE;
    private final long startNs;

    // reader thread
    private final Event ioEvent = new Event(16);
    private final byte[] ioPayload = new byte[255];
    private long lastErrorsReported;
    private long seenArmed = -1;
    private long seenMode = -1;

    // tick thread
    private final double[] state = new double[STATE_SIZE];
    private final Event tickEvent = new Event(16);
    private final byte[] tickPayload = new byte[255];
    private boolean connected;
    private long lastHeartbeatSentNs = Long.MIN_VALUE;
    private long stopRequestsSeen;
    private boolean held;
    private long setpointsRefused;
    private final int[] slotCommand = new int[SLOTS];
    private final float[][] slotParams = new float[SLOTS][7];
    private final boolean[] slotUsed = new boolean[SLOTS];
    private final int[] slotAttempts = new int[SLOTS];
    private final long[] slotSentNs = new long[SLOTS];
    private final AtomicInteger[] slotResult = new AtomicInteger[SLOTS];
    private int setpointMask; // 0: no setpoint streamed
    private final float[] setpoint = new float[4];
    private long lastSetpointNs;

    // mission upload: items written by the tick thread before the upload starts, read by the reader thread
    private final double[] missionLat = new double[MAX_MISSION_ITEMS];
    private final double[] missionLon = new double[MAX_MISSION_ITEMS];
    private final float[] missionAlt = new float[MAX_MISSION_ITEMS];
    private volatile int missionCount;
    private volatile int missionState = MISSION_IDLE;
    private volatile long missionProgressNs;
    private int missionCountResends;

    // failsafe (any thread, serialised)
    private final byte[] safePayload = new byte[255];

    public MavlinkVehicle(MavlinkConfig config, NanoClock clock, EventQueue events) {
        this.config = config.validate();
        this.clock = clock;
        this.events = events;
        String p = config.name();
        evArmed = (p + ".armed").intern();
        evDisarmed = (p + ".disarmed").intern();
        evModeChanged = (p + ".mode_changed").intern();
        evCommandAck = (p + ".command_ack").intern();
        evMissionAck = (p + ".mission_ack").intern();
        evItemReached = (p + ".mission_item_reached").intern();
        evBadInput = (p + ".bad_input").intern();
        evLinkLost = (p + ".link_lost").intern();
        evLinkBack = (p + ".link_back").intern();
        for (int i = 0; i < SLOTS; i++) {
            slotResult[i] = new AtomicInteger(RESULT_PENDING);
        }
        java.util.Arrays.fill(state, Double.NaN);
        startNs = clock.nanoTime();
    }

    /** The link the frames go out on (make the link with this vehicle as its receiver, then attach it). */
    public MavlinkVehicle attach(ByteLink link) {
        this.link = link;
        return this;
    }

    public MavlinkConfig config() {
        return config;
    }

    public String name() {
        return config.name();
    }

    // ------------------------------------------------------------------ reader thread

    @Override
    public void onBytes(byte[] buf, int len) {
        parser.feed(buf, 0, len);
        long errors = parser.errors();
        if (errors != lastErrorsReported) {
            lastErrorsReported = errors;
            if (events != null) {
                events.offer(ioEvent.set(EventKind.SENSOR, evBadInput, clock.nanoTime()).value(errors));
            }
        }
    }

    @Override
    public void onMessage(MessageSpec spec, int sysid, int compid, int seq, byte[] p) {
        if (sysid != config.targetSystem() || compid != config.targetComponent()) {
            return;
        }
        long now = clock.nanoTime();
        switch (spec.id()) {
            case 0 -> heartbeat(p, now);
            case 1 -> {
                int mv = Le.u16(p, Off.SYS_VOLTAGE);
                int ca = Le.i16(p, Off.SYS_CURRENT);
                int pct = (byte) p[Off.SYS_REMAINING];
                table.beginWrite();
                table.set(BATTERY_V, mv == 0xFFFF ? Double.NaN : mv / 1000.0);
                table.set(BATTERY_A, ca == -1 ? Double.NaN : ca / 100.0);
                table.set(BATTERY_PCT, pct < 0 ? Double.NaN : pct);
                table.endWrite();
            }
            case 30 -> {
                table.beginWrite();
                table.set(ROLL, Le.f32(p, Off.ATT_ROLL));
                table.set(PITCH, Le.f32(p, Off.ATT_PITCH));
                table.set(YAW, Le.f32(p, Off.ATT_YAW));
                table.endWrite();
            }
            case 32 -> {
                table.beginWrite();
                table.set(X, Le.f32(p, Off.LPN_X));
                table.set(Y, Le.f32(p, Off.LPN_X + 4));
                table.set(Z, Le.f32(p, Off.LPN_X + 8));
                table.set(VX, Le.f32(p, Off.LPN_X + 12));
                table.set(VY, Le.f32(p, Off.LPN_X + 16));
                table.set(VZ, Le.f32(p, Off.LPN_X + 20));
                table.endWrite();
            }
            case 33 -> {
                int hdg = Le.u16(p, Off.GPI_HDG);
                table.beginWrite();
                table.set(LAT, Le.i32(p, Off.GPI_LAT) / 1e7);
                table.set(LON, Le.i32(p, Off.GPI_LON) / 1e7);
                table.set(ALT, Le.i32(p, Off.GPI_ALT) / 1000.0);
                table.set(REL_ALT, Le.i32(p, Off.GPI_REL_ALT) / 1000.0);
                table.set(HEADING, hdg == 0xFFFF ? Double.NaN : hdg / 100.0);
                table.endWrite();
            }
            case 147 -> battery(p);
            case 245 -> {
                table.beginWrite();
                table.set(LANDED_STATE, Le.u8(p, Off.ESS_LANDED));
                table.endWrite();
            }
            case 42 -> {
                table.beginWrite();
                table.set(MISSION_SEQ, Le.u16(p, Off.MC_SEQ));
                table.endWrite();
            }
            case 46 -> {
                int s = Le.u16(p, Off.MIR_SEQ);
                table.beginWrite();
                table.set(MISSION_REACHED, s);
                table.endWrite();
                offerEvent(ioEvent.set(EventKind.COMMAND, evItemReached, now).value(s));
            }
            case 77 -> commandAck(p, now);
            case 40, 51 -> missionRequest(Le.u16(p, spec.id() == 51 ? Off.MRI_SEQ : Off.MR_SEQ), now);
            case 47 -> missionAck(Le.u8(p, Off.MA_TYPE), now);
            case 253 -> statusText(p);
            default -> { }
        }
    }

    private void heartbeat(byte[] p, long now) {
        int baseMode = Le.u8(p, Off.HB_BASE_MODE);
        long custom = Le.u32(p, Off.HB_CUSTOM_MODE);
        int autopilot = Le.u8(p, Off.HB_AUTOPILOT);
        int type = Le.u8(p, Off.HB_TYPE);
        int armed = (baseMode & 0x80) != 0 ? 1 : 0;
        table.beginWrite();
        table.set(ARMED, armed);
        table.set(BASE_MODE, baseMode);
        table.set(CUSTOM_MODE, custom);
        table.set(SYSTEM_STATUS, Le.u8(p, Off.HB_STATUS));
        table.set(VEHICLE_TYPE, type);
        table.set(AUTOPILOT, autopilot);
        table.endWrite();
        lastHeartbeatNs = now;
        if (armed != seenArmed) {
            if (seenArmed != -1 || armed == 1) {
                offerEvent(ioEvent.set(EventKind.COMMAND, armed == 1 ? evArmed : evDisarmed, now));
            }
            seenArmed = armed;
        }
        if (custom != seenMode) {
            seenMode = custom;
            offerEvent(ioEvent.set(EventKind.COMMAND, evModeChanged, now).value(custom)
                    .attachment(FlightModes.name(autopilot, type, custom)));
            ioEvent.attachment(null);
        }
    }

    private void battery(byte[] p) {
        double mv = 0;
        boolean any = false;
        for (int i = 0; i < 10; i++) {
            int cell = Le.u16(p, Off.BS_VOLTAGES + 2 * i);
            if (cell != 0xFFFF) {
                mv += cell;
                any = true;
            }
        }
        int ca = Le.i16(p, Off.BS_CURRENT);
        int pct = (byte) p[Off.BS_REMAINING];
        table.beginWrite();
        if (any) {
            table.set(BATTERY_V, mv / 1000.0);
        }
        table.set(BATTERY_A, ca == -1 ? Double.NaN : ca / 100.0);
        table.set(BATTERY_PCT, pct < 0 ? Double.NaN : pct);
        table.endWrite();
    }

    private void commandAck(byte[] p, long now) {
        int command = Le.u16(p, Off.CA_COMMAND);
        int result = Le.u8(p, Off.CA_RESULT);
        for (int i = 0; i < SLOTS; i++) {
            if (slotResult[i].get() == RESULT_PENDING && slotCommand[i] == command) {
                if (result == MAV_RESULT_IN_PROGRESS) {
                    slotSentNs[i] = now; // still working on it: do not resend yet
                } else {
                    slotResult[i].compareAndSet(RESULT_PENDING, result);
                }
                break;
            }
        }
        ioEvent.set(EventKind.COMMAND, evCommandAck, now).value(result);
        ioPayload[0] = (byte) command;
        ioPayload[1] = (byte) (command >>> 8);
        offerEvent(ioEvent.payload(ioPayload, 0, 2));
    }

    private void missionRequest(int seq, long now) {
        if (missionState != MISSION_UPLOADING || seq >= missionCount) {
            return;
        }
        missionProgressNs = now;
        byte[] b = ioPayload;
        clear(b, MavlinkMessages.MISSION_ITEM_INT);
        Le.put8(b, Off.MII_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Off.MII_TARGET_COMPONENT, config.targetComponent());
        Le.put16(b, Off.MII_SEQ, seq);
        Le.put8(b, Off.MII_FRAME, MAV_FRAME_GLOBAL_RELATIVE_ALT_INT);
        Le.put16(b, Off.MII_COMMAND, MAV_CMD_NAV_WAYPOINT);
        Le.put8(b, Off.MII_CURRENT, seq == 0 ? 1 : 0);
        Le.put8(b, Off.MII_AUTOCONTINUE, 1);
        Le.put32(b, Off.MII_X, (int) Math.round(missionLat[seq] * 1e7));
        Le.put32(b, Off.MII_Y, (int) Math.round(missionLon[seq] * 1e7));
        Le.putF32(b, Off.MII_Z, missionAlt[seq]);
        send(MavlinkMessages.MISSION_ITEM_INT, b);
    }

    private void missionAck(int type, long now) {
        if (missionState == MISSION_UPLOADING) {
            missionState = type == 0 ? MISSION_ACCEPTED : MISSION_REJECTED;
        }
        offerEvent(ioEvent.set(EventKind.COMMAND, evMissionAck, now).value(type));
    }

    private void statusText(byte[] p) {
        int n = 0;
        while (n < 50 && p[Off.ST_TEXT + n] != 0) {
            n++;
        }
        LOG.info("{}: vehicle says (severity {}): {}", config.name(), Le.u8(p, Off.ST_SEVERITY),
                new String(p, Off.ST_TEXT, n, java.nio.charset.StandardCharsets.US_ASCII));
    }

    private void offerEvent(Event e) {
        if (events != null && !events.offer(e)) {
            eventsRefused.incrementAndGet();
        }
    }

    @Override
    public void onLost(String reason) {
        // the link's own loss (a pulled USB adapter); the heartbeat timeout raises link_lost on the tick thread
    }

    // ------------------------------------------------------------------ tick thread

    @Override
    public void onTick(long nowNs) {
        table.copyTo(state);
        long hb = lastHeartbeatNs;
        boolean alive = hb != Long.MIN_VALUE && nowNs - hb < config.heartbeatTimeoutMs() * 1_000_000L;
        if (alive != connected) {
            connected = alive;
            if (!alive) {
                setpointMask = 0; // no stale setpoint resumes by itself when the link comes back
            } else {
                requestStreams();
            }
            if (events != null && !events.offer(tickEvent.set(EventKind.COMMAND, alive ? evLinkBack : evLinkLost, nowNs))) {
                eventsRefused.incrementAndGet();
            }
        }
        if (lastHeartbeatSentNs == Long.MIN_VALUE || nowNs - lastHeartbeatSentNs >= config.heartbeatPeriodMs() * 1_000_000L) {
            lastHeartbeatSentNs = nowNs;
            sendHeartbeat();
        }
        long stops = stopRequests.get();
        if (stops != stopRequestsSeen) {
            stopRequestsSeen = stops;
            setpointMask = 0;
            held = true; // no setpoint from a tree until it sets a mode again
        }
        for (int i = 0; i < SLOTS; i++) {
            if (slotUsed[i] && slotResult[i].get() == RESULT_PENDING
                    && nowNs - slotSentNs[i] >= config.commandTimeoutMs() * 1_000_000L) {
                if (slotAttempts[i] > config.commandRetries()) {
                    slotResult[i].compareAndSet(RESULT_PENDING, RESULT_TIMEOUT);
                } else {
                    transmitCommand(i, nowNs);
                }
            }
        }
        if (setpointMask != 0 && nowNs - lastSetpointNs >= config.setpointPeriodMs() * 1_000_000L) {
            sendSetpoint(nowNs);
        }
        if (missionState == MISSION_UPLOADING && nowNs - missionProgressNs >= MISSION_TIMEOUT_NS) {
            if (missionCountResends < 2) {
                missionCountResends++;
                missionProgressNs = nowNs;
                sendMissionCount();
            } else {
                missionState = MISSION_TIMEOUT;
            }
        }
    }

    /** Tick thread: the latest value {@code index} (e.g. {@link #ALT}), as of this tick; NaN until known. */
    public double state(int index) {
        return state[index];
    }

    /** Tick thread: whether heartbeats arrive (as of this tick). */
    public boolean connected() {
        return connected;
    }

    /** Any thread (status, telemetry): whether a heartbeat came within the heartbeat timeout, by the clock now. */
    public boolean connectedNow() {
        long hb = lastHeartbeatNs;
        return hb != Long.MIN_VALUE && clock.nanoTime() - hb < config.heartbeatTimeoutMs() * 1_000_000L;
    }

    /**
     * Tick thread: whether a failsafe ran and no tree set a mode since: setpoints are refused (counted in
     * {@link #setpointsRefused()}) until {@link #setMode} takes the vehicle back.
     */
    public boolean held() {
        return held;
    }

    /** Tick thread: setpoints refused while {@link #held()}. */
    public long setpointsRefused() {
        return setpointsRefused;
    }

    /** Tick thread: whether the vehicle reports itself armed. */
    public boolean armed() {
        return state[ARMED] == 1;
    }

    /** Tick thread: the current flight mode's name, or null when unknown. */
    public String modeName() {
        double m = state[CUSTOM_MODE];
        return Double.isNaN(m) ? null : FlightModes.name((int) state[AUTOPILOT], (int) state[VEHICLE_TYPE], (long) m);
    }

    /** Tick thread: whether the vehicle is on the ground (landed state ON_GROUND, or disarmed when unknown). */
    public boolean onGround() {
        double landed = state[LANDED_STATE];
        return Double.isNaN(landed) ? !armed() : landed == LANDED_ON_GROUND;
    }

    /** Tick thread: COMPONENT_ARM_DISARM; returns the command slot, or -1 when all slots are busy. */
    public int arm(boolean arm) {
        return command(MAV_CMD_COMPONENT_ARM_DISARM, arm ? 1 : 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Tick thread: DO_SET_MODE to the named mode of this autopilot; -1 when the mode is unknown (see
     * {@link FlightModes#names}) or no slot is free.
     */
    public int setMode(String mode) {
        held = false; // a tree that sets a mode takes the vehicle back after a failsafe
        int autopilot = (int) state[AUTOPILOT];
        long custom = FlightModes.customMode(autopilot, (int) state[VEHICLE_TYPE], mode);
        if (custom < 0) {
            return -1;
        }
        if (FlightModes.isPx4(autopilot)) {
            return command(MAV_CMD_DO_SET_MODE, 1, (custom >>> 16) & 0xFF, (custom >>> 24) & 0xFF, 0, 0, 0, 0);
        }
        return command(MAV_CMD_DO_SET_MODE, 1, custom, 0, 0, 0, 0, 0);
    }

    /** Tick thread: NAV_TAKEOFF to {@code altitudeM} above home (PX4 wants AMSL: converted from the position). */
    public int takeoff(double altitudeM) {
        double alt = altitudeM;
        if (FlightModes.isPx4((int) state[AUTOPILOT]) && !Double.isNaN(state[ALT]) && !Double.isNaN(state[REL_ALT])) {
            alt = state[ALT] - state[REL_ALT] + altitudeM;
        }
        return command(MAV_CMD_NAV_TAKEOFF, 0, 0, 0, Float.NaN, Float.NaN, Float.NaN, (float) alt);
    }

    /** Tick thread: NAV_LAND where the vehicle is. */
    public int land() {
        return command(MAV_CMD_NAV_LAND, 0, 0, 0, Float.NaN, Float.NaN, Float.NaN, Float.NaN);
    }

    /** Tick thread: MISSION_START from the first item. */
    public int startMission() {
        return command(MAV_CMD_MISSION_START, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Tick thread: sends COMMAND_LONG now and again each command timeout until a COMMAND_ACK comes (with
     * {@code confirmation} counting the resends). Returns the slot for {@link #commandResult}, or -1 when every
     * slot is busy (release finished ones with {@link #releaseCommand}).
     */
    public int command(int command, float p1, float p2, float p3, float p4, float p5, float p6, float p7) {
        for (int i = 0; i < SLOTS; i++) {
            if (!slotUsed[i]) {
                slotUsed[i] = true;
                slotCommand[i] = command;
                float[] ps = slotParams[i];
                ps[0] = p1;
                ps[1] = p2;
                ps[2] = p3;
                ps[3] = p4;
                ps[4] = p5;
                ps[5] = p6;
                ps[6] = p7;
                slotAttempts[i] = 0;
                slotResult[i].set(RESULT_PENDING);
                transmitCommand(i, clock.nanoTime());
                return i;
            }
        }
        return -1;
    }

    /** Tick thread: {@link #RESULT_PENDING}, {@link #RESULT_TIMEOUT}, or the MAV_RESULT of the COMMAND_ACK. */
    public int commandResult(int slot) {
        return slotResult[slot].get();
    }

    /** Tick thread: frees the slot (call once its result is read, or when the caller is halted). */
    public void releaseCommand(int slot) {
        if (slot >= 0 && slot < SLOTS) {
            slotUsed[slot] = false;
            slotCommand[slot] = -1;
        }
    }

    private void transmitCommand(int i, long nowNs) {
        byte[] b = tickPayload;
        clear(b, MavlinkMessages.COMMAND_LONG);
        float[] ps = slotParams[i];
        for (int k = 0; k < 7; k++) {
            Le.putF32(b, Off.CL_PARAM1 + 4 * k, ps[k]);
        }
        Le.put16(b, Off.CL_COMMAND, slotCommand[i]);
        Le.put8(b, Off.CL_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Off.CL_TARGET_COMPONENT, config.targetComponent());
        Le.put8(b, Off.CL_CONFIRMATION, slotAttempts[i]);
        slotAttempts[i]++;
        slotSentNs[i] = nowNs;
        if (send(MavlinkMessages.COMMAND_LONG, b)) {
            commandsSent.incrementAndGet();
        }
    }

    /**
     * Tick thread: streams a position setpoint (local NED, metres; {@code yawRad} NaN: keep the heading) every
     * setpoint period until {@link #clearSetpoint}, another setpoint, or the failsafe.
     */
    public void setPositionTarget(double x, double y, double z, double yawRad) {
        if (held || stopRequests.get() != stopRequestsSeen) { // also a failsafe this tick has not seen yet
            setpointsRefused++;
            return;
        }
        boolean changed = setpointMask == 0 || setpoint[0] != (float) x || setpoint[1] != (float) y
                || setpoint[2] != (float) z || Float.compare(setpoint[3], (float) yawRad) != 0;
        setpoint[0] = (float) x;
        setpoint[1] = (float) y;
        setpoint[2] = (float) z;
        setpoint[3] = (float) yawRad;
        setpointMask = Double.isNaN(yawRad) ? MASK_POSITION_NO_YAW : MASK_POSITION;
        if (changed) {
            sendSetpoint(clock.nanoTime());
        }
    }

    /** Tick thread: streams a velocity setpoint (local NED, m/s, yaw rate rad/s). */
    public void setVelocityTarget(double vx, double vy, double vz, double yawRateRad) {
        if (held || stopRequests.get() != stopRequestsSeen) { // also a failsafe this tick has not seen yet
            setpointsRefused++;
            return;
        }
        boolean changed = setpointMask != MASK_VELOCITY || setpoint[0] != (float) vx || setpoint[1] != (float) vy
                || setpoint[2] != (float) vz || setpoint[3] != (float) yawRateRad;
        setpoint[0] = (float) vx;
        setpoint[1] = (float) vy;
        setpoint[2] = (float) vz;
        setpoint[3] = (float) yawRateRad;
        setpointMask = MASK_VELOCITY;
        if (changed) {
            sendSetpoint(clock.nanoTime());
        }
    }

    /** Tick thread: stops streaming setpoints (the vehicle keeps its last one, per its own rules). */
    public void clearSetpoint() {
        setpointMask = 0;
    }

    private void sendSetpoint(long nowNs) {
        lastSetpointNs = nowNs;
        encodeSetpoint(tickPayload, setpointMask, setpoint[0], setpoint[1], setpoint[2], setpoint[3]);
        send(MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED, tickPayload);
    }

    private void encodeSetpoint(byte[] b, int mask, float a, float c, float d, float yawOrRate) {
        clear(b, MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED);
        Le.put32(b, Off.SP_TIME, (int) ((clock.nanoTime() - startNs) / 1_000_000L));
        Le.put8(b, Off.SP_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Off.SP_TARGET_COMPONENT, config.targetComponent());
        Le.put8(b, Off.SP_FRAME, MAV_FRAME_LOCAL_NED);
        Le.put16(b, Off.SP_MASK, mask);
        boolean velocity = mask == MASK_VELOCITY;
        int base = velocity ? Off.SP_VX : Off.SP_X;
        Le.putF32(b, base, a);
        Le.putF32(b, base + 4, c);
        Le.putF32(b, base + 8, d);
        Le.putF32(b, velocity ? Off.SP_YAW_RATE : Off.SP_YAW, Float.isNaN(yawOrRate) ? 0 : yawOrRate);
    }

    /** Tick thread: one MANUAL_CONTROL (x, y, r in -1000..1000, z in 0..1000 or -1000..1000 per vehicle). */
    public boolean manualControl(int x, int y, int z, int r, int buttons) {
        byte[] b = tickPayload;
        clear(b, MavlinkMessages.MANUAL_CONTROL);
        Le.put16(b, Off.MAN_X, x);
        Le.put16(b, Off.MAN_X + 2, y);
        Le.put16(b, Off.MAN_X + 4, z);
        Le.put16(b, Off.MAN_X + 6, r);
        Le.put16(b, Off.MAN_BUTTONS, buttons);
        Le.put8(b, Off.MAN_TARGET, config.targetSystem());
        return send(MavlinkMessages.MANUAL_CONTROL, b);
    }

    /**
     * Tick thread: uploads a mission of waypoints (latitude, longitude in degrees; altitude in metres above
     * home), replacing the vehicle's: MISSION_COUNT now, then each MISSION_ITEM_INT as the vehicle requests it.
     * Follow it with {@link #missionState()}. False when an upload is under way or the list is too long.
     */
    public boolean uploadMission(double[] lat, double[] lon, double[] altM, int count) {
        if (missionState == MISSION_UPLOADING || count < 1 || count > MAX_MISSION_ITEMS) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            missionLat[i] = lat[i];
            missionLon[i] = lon[i];
            missionAlt[i] = (float) altM[i];
        }
        missionCount = count;
        missionCountResends = 0;
        missionProgressNs = clock.nanoTime();
        missionState = MISSION_UPLOADING; // volatile write publishes the items to the reader thread
        sendMissionCount();
        return true;
    }

    private void sendMissionCount() {
        byte[] b = tickPayload;
        clear(b, MavlinkMessages.MISSION_COUNT);
        Le.put16(b, Off.MCNT_COUNT, missionCount);
        Le.put8(b, Off.MCNT_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Off.MCNT_TARGET_COMPONENT, config.targetComponent());
        send(MavlinkMessages.MISSION_COUNT, b);
    }

    /** {@link #MISSION_IDLE}, {@link #MISSION_UPLOADING}, {@link #MISSION_ACCEPTED}, {@link #MISSION_REJECTED}, {@link #MISSION_TIMEOUT}. */
    public int missionState() {
        return missionState;
    }

    private static final int MAV_CMD_SET_MESSAGE_INTERVAL = 511;
    private static final int[] STREAMS = {30, 32, 33, 1, 147, 245}; // the state table's messages
    private static final int[] STREAM_DIVIDER = {1, 1, 2, 0, 0, 0}; // 0: 1 Hz

    /** SET_MESSAGE_INTERVAL for the messages the state table reads, sent once (no retries; unanswered is fine). */
    private void requestStreams() {
        int hz = config.streamHz();
        if (hz <= 0) {
            return;
        }
        byte[] b = tickPayload;
        for (int i = 0; i < STREAMS.length; i++) {
            int rate = STREAM_DIVIDER[i] == 0 ? 1 : Math.max(1, hz / STREAM_DIVIDER[i]);
            clear(b, MavlinkMessages.COMMAND_LONG);
            Le.putF32(b, Off.CL_PARAM1, STREAMS[i]);
            Le.putF32(b, Off.CL_PARAM1 + 4, 1_000_000f / rate);
            Le.put16(b, Off.CL_COMMAND, MAV_CMD_SET_MESSAGE_INTERVAL);
            Le.put8(b, Off.CL_TARGET_SYSTEM, config.targetSystem());
            Le.put8(b, Off.CL_TARGET_COMPONENT, config.targetComponent());
            send(MavlinkMessages.COMMAND_LONG, b);
        }
    }

    private void sendHeartbeat() {
        byte[] b = tickPayload;
        clear(b, MavlinkMessages.HEARTBEAT);
        Le.put8(b, Off.HB_TYPE, 6); // MAV_TYPE_GCS
        Le.put8(b, Off.HB_AUTOPILOT, 8); // MAV_AUTOPILOT_INVALID
        Le.put8(b, Off.HB_STATUS, 4); // MAV_STATE_ACTIVE
        Le.put8(b, Off.HB_VERSION, 3);
        send(MavlinkMessages.HEARTBEAT, b);
    }

    // ------------------------------------------------------------------ failsafe (any thread)

    /**
     * Any thread: stops the streamed setpoint; disarms on the ground; in the air holds (zero velocity, and the
     * hold mode when configured) or lands. Sent at once, from the calling thread's own buffers.
     */
    public synchronized void failsafe() {
        stopRequests.incrementAndGet();
        double[] s = new double[STATE_SIZE]; // not on the tick path: the failsafe may run on the watchdog thread
        table.copyTo(s);
        boolean armed = s[ARMED] == 1;
        boolean ground = Double.isNaN(s[LANDED_STATE]) ? !armed : s[LANDED_STATE] == LANDED_ON_GROUND;
        byte[] b = safePayload;
        if (ground) {
            if (armed) {
                commandNow(b, MAV_CMD_COMPONENT_ARM_DISARM, 0, Float.NaN);
            }
            return;
        }
        if (config.failsafe() == MavlinkConfig.Failsafe.LAND) {
            commandNow(b, MAV_CMD_NAV_LAND, Float.NaN, Float.NaN);
            return;
        }
        encodeSetpoint(b, MASK_VELOCITY, 0, 0, 0, 0);
        send(MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED, b);
        if (!config.holdMode().isEmpty()) {
            int autopilot = (int) s[AUTOPILOT];
            long custom = FlightModes.customMode(autopilot, (int) s[VEHICLE_TYPE], config.holdMode());
            if (custom >= 0) {
                clear(b, MavlinkMessages.COMMAND_LONG);
                Le.putF32(b, Off.CL_PARAM1, 1);
                Le.putF32(b, Off.CL_PARAM1 + 4, FlightModes.isPx4(autopilot) ? (custom >>> 16) & 0xFF : custom);
                Le.putF32(b, Off.CL_PARAM1 + 8, FlightModes.isPx4(autopilot) ? (custom >>> 24) & 0xFF : 0);
                Le.put16(b, Off.CL_COMMAND, MAV_CMD_DO_SET_MODE);
                Le.put8(b, Off.CL_TARGET_SYSTEM, config.targetSystem());
                Le.put8(b, Off.CL_TARGET_COMPONENT, config.targetComponent());
                send(MavlinkMessages.COMMAND_LONG, b);
            }
        }
    }

    private void commandNow(byte[] b, int command, float p1, float p4) {
        clear(b, MavlinkMessages.COMMAND_LONG);
        Le.putF32(b, Off.CL_PARAM1, Float.isNaN(p1) ? 0 : p1);
        if (command == MAV_CMD_NAV_LAND) {
            Le.putF32(b, Off.CL_PARAM1 + 12, p4);
            Le.putF32(b, Off.CL_PARAM1 + 16, Float.NaN);
            Le.putF32(b, Off.CL_PARAM1 + 20, Float.NaN);
            Le.putF32(b, Off.CL_PARAM1 + 24, Float.NaN);
        }
        Le.put16(b, Off.CL_COMMAND, command);
        Le.put8(b, Off.CL_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Off.CL_TARGET_COMPONENT, config.targetComponent());
        send(MavlinkMessages.COMMAND_LONG, b);
    }

    /** The watchdog's failsafe: {@link #failsafe()}. */
    @Override
    public void onStall(String tickerRole, String timerName, long stalledForNs) {
        failsafe();
    }

    // ------------------------------------------------------------------ frames

    private static void clear(byte[] b, MessageSpec spec) {
        java.util.Arrays.fill(b, 0, spec.maxLength(), (byte) 0);
    }

    private boolean send(MessageSpec spec, byte[] payload) {
        ByteLink l = link;
        OutFrame f = l == null ? null : l.claim();
        if (f == null) {
            framesRefused.incrementAndGet();
            return false;
        }
        int n = MavlinkFrames.encode(spec, payload, sequence.getAndIncrement() & 0xFF, config.ownSystem(),
                config.ownComponent(), f.buffer());
        if (!l.send(f, n)) {
            framesRefused.incrementAndGet();
            return false;
        }
        return true;
    }

    // ------------------------------------------------------------------ counters

    public MavlinkParser parser() {
        return parser;
    }

    public long commandsSent() {
        return commandsSent.get();
    }

    /** Frames not sent (no link, pool empty, link down). */
    public long framesRefused() {
        return framesRefused.get();
    }

    /** Events the inbox refused (its command lane full). */
    public long eventsRefused() {
        return eventsRefused.get();
    }

    /** Field offsets, resolved once from the message definitions. */
    private static final class Off {
        static final int HB_TYPE = MavlinkMessages.HEARTBEAT.offset("type");
        static final int HB_AUTOPILOT = MavlinkMessages.HEARTBEAT.offset("autopilot");
        static final int HB_BASE_MODE = MavlinkMessages.HEARTBEAT.offset("base_mode");
        static final int HB_CUSTOM_MODE = MavlinkMessages.HEARTBEAT.offset("custom_mode");
        static final int HB_STATUS = MavlinkMessages.HEARTBEAT.offset("system_status");
        static final int HB_VERSION = MavlinkMessages.HEARTBEAT.offset("mavlink_version");
        static final int SYS_VOLTAGE = MavlinkMessages.SYS_STATUS.offset("voltage_battery");
        static final int SYS_CURRENT = MavlinkMessages.SYS_STATUS.offset("current_battery");
        static final int SYS_REMAINING = MavlinkMessages.SYS_STATUS.offset("battery_remaining");
        static final int ATT_ROLL = MavlinkMessages.ATTITUDE.offset("roll");
        static final int ATT_PITCH = MavlinkMessages.ATTITUDE.offset("pitch");
        static final int ATT_YAW = MavlinkMessages.ATTITUDE.offset("yaw");
        static final int LPN_X = MavlinkMessages.LOCAL_POSITION_NED.offset("x");
        static final int GPI_LAT = MavlinkMessages.GLOBAL_POSITION_INT.offset("lat");
        static final int GPI_LON = MavlinkMessages.GLOBAL_POSITION_INT.offset("lon");
        static final int GPI_ALT = MavlinkMessages.GLOBAL_POSITION_INT.offset("alt");
        static final int GPI_REL_ALT = MavlinkMessages.GLOBAL_POSITION_INT.offset("relative_alt");
        static final int GPI_HDG = MavlinkMessages.GLOBAL_POSITION_INT.offset("hdg");
        static final int BS_VOLTAGES = MavlinkMessages.BATTERY_STATUS.offset("voltages");
        static final int BS_CURRENT = MavlinkMessages.BATTERY_STATUS.offset("current_battery");
        static final int BS_REMAINING = MavlinkMessages.BATTERY_STATUS.offset("battery_remaining");
        static final int ESS_LANDED = MavlinkMessages.EXTENDED_SYS_STATE.offset("landed_state");
        static final int MC_SEQ = MavlinkMessages.MISSION_CURRENT.offset("seq");
        static final int MIR_SEQ = MavlinkMessages.MISSION_ITEM_REACHED.offset("seq");
        static final int MR_SEQ = MavlinkMessages.MISSION_REQUEST.offset("seq");
        static final int MRI_SEQ = MavlinkMessages.MISSION_REQUEST_INT.offset("seq");
        static final int MA_TYPE = MavlinkMessages.MISSION_ACK.offset("type");
        static final int CA_COMMAND = MavlinkMessages.COMMAND_ACK.offset("command");
        static final int CA_RESULT = MavlinkMessages.COMMAND_ACK.offset("result");
        static final int ST_SEVERITY = MavlinkMessages.STATUSTEXT.offset("severity");
        static final int ST_TEXT = MavlinkMessages.STATUSTEXT.offset("text");
        static final int CL_PARAM1 = MavlinkMessages.COMMAND_LONG.offset("param1");
        static final int CL_COMMAND = MavlinkMessages.COMMAND_LONG.offset("command");
        static final int CL_TARGET_SYSTEM = MavlinkMessages.COMMAND_LONG.offset("target_system");
        static final int CL_TARGET_COMPONENT = MavlinkMessages.COMMAND_LONG.offset("target_component");
        static final int CL_CONFIRMATION = MavlinkMessages.COMMAND_LONG.offset("confirmation");
        static final int SP_TIME = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("time_boot_ms");
        static final int SP_TARGET_SYSTEM = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("target_system");
        static final int SP_TARGET_COMPONENT = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("target_component");
        static final int SP_FRAME = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("coordinate_frame");
        static final int SP_MASK = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("type_mask");
        static final int SP_X = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("x");
        static final int SP_VX = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("vx");
        static final int SP_YAW = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("yaw");
        static final int SP_YAW_RATE = MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED.offset("yaw_rate");
        static final int MAN_TARGET = MavlinkMessages.MANUAL_CONTROL.offset("target");
        static final int MAN_X = MavlinkMessages.MANUAL_CONTROL.offset("x");
        static final int MAN_BUTTONS = MavlinkMessages.MANUAL_CONTROL.offset("buttons");
        static final int MII_TARGET_SYSTEM = MavlinkMessages.MISSION_ITEM_INT.offset("target_system");
        static final int MII_TARGET_COMPONENT = MavlinkMessages.MISSION_ITEM_INT.offset("target_component");
        static final int MII_SEQ = MavlinkMessages.MISSION_ITEM_INT.offset("seq");
        static final int MII_FRAME = MavlinkMessages.MISSION_ITEM_INT.offset("frame");
        static final int MII_COMMAND = MavlinkMessages.MISSION_ITEM_INT.offset("command");
        static final int MII_CURRENT = MavlinkMessages.MISSION_ITEM_INT.offset("current");
        static final int MII_AUTOCONTINUE = MavlinkMessages.MISSION_ITEM_INT.offset("autocontinue");
        static final int MII_X = MavlinkMessages.MISSION_ITEM_INT.offset("x");
        static final int MII_Y = MavlinkMessages.MISSION_ITEM_INT.offset("y");
        static final int MII_Z = MavlinkMessages.MISSION_ITEM_INT.offset("z");
        static final int MCNT_COUNT = MavlinkMessages.MISSION_COUNT.offset("count");
        static final int MCNT_TARGET_SYSTEM = MavlinkMessages.MISSION_COUNT.offset("target_system");
        static final int MCNT_TARGET_COMPONENT = MavlinkMessages.MISSION_COUNT.offset("target_component");

        private Off() {}
    }
}
