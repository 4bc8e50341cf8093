package io.canopy.hardware.mavlink;

import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import io.canopy.tick.StallHandler;
import io.canopy.tick.TickListener;

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
 * <p><b>VehicleFailsafe</b> ({@link #failsafe()}, any thread; the watchdog calls it through {@link #onStall}): stops
 * the streamed setpoint; on the ground (disarmed, or landed state ON_GROUND) it disarms, in the air it holds
 * (a zero-velocity setpoint, and the configured hold mode) or lands, per {@link MavlinkConfig#failsafe()}. From
 * the next tick on the vehicle is {@link #held()}: setpoints from trees are refused until a tree sets a mode
 * again. When the heartbeats stop, the streamed setpoint stops too (no stale setpoint resumes by itself).
 * This class wires the parts (see the package comment), and dispatches the frames among them.
 */
public final class MavlinkVehicle implements ByteLink.Receiver, MavlinkParser.Handler, TickListener, StallHandler {
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

    private final MavlinkConfig config;
    private final NanoClock clock;
    private final MavlinkParser parser = new MavlinkParser(this);
    private final VehicleEvents events;
    private final FrameSender sender;
    private final VehicleTelemetry telemetry;
    private final SetpointStream setpoints;
    private final CommandSlots commands;
    private final MissionUpload mission;
    private final LinkWatch linkWatch;
    private final VehicleFailsafe failsafe;

    // reader thread
    private final String evBadInput;
    private final Event ioEvent = new Event(16);
    private long lastErrorsReported;

    public MavlinkVehicle(MavlinkConfig config, NanoClock clock, EventQueue events) {
        this.config = config.validate();
        this.clock = clock;
        this.events = new VehicleEvents(events, config.name());
        evBadInput = this.events.name("bad_input");
        sender = new FrameSender(this.config);
        telemetry = new VehicleTelemetry(this.config, this.events);
        setpoints = new SetpointStream(this.config, clock, sender);
        commands = new CommandSlots(this.config, clock, sender, this.events);
        mission = new MissionUpload(this.config, clock, sender, this.events);
        linkWatch = new LinkWatch(this.config, clock, telemetry, setpoints, sender, this.events);
        failsafe = new VehicleFailsafe(this.config, telemetry, setpoints, sender);
    }

    /** The link the frames go out on (make the link with this vehicle as its receiver, then attach it). */
    public MavlinkVehicle attach(ByteLink link) {
        sender.attach(link);
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
            events.offerSample(ioEvent.set(EventKind.SENSOR, evBadInput, clock.nanoTime()).value(errors));
        }
    }

    @Override
    public void onMessage(MessageSpec spec, int sysid, int compid, int seq, byte[] p) {
        if (sysid != config.targetSystem() || compid != config.targetComponent()) {
            return;
        }
        long now = clock.nanoTime();
        switch (spec.id()) {
            case 0 -> telemetry.heartbeat(p, now);
            case 1 -> telemetry.sysStatus(p);
            case 30 -> telemetry.attitude(p);
            case 32 -> telemetry.localPosition(p);
            case 33 -> telemetry.globalPosition(p);
            case 147 -> telemetry.battery(p);
            case 245 -> telemetry.extendedState(p);
            case 42 -> telemetry.missionCurrent(p);
            case 46 -> telemetry.itemReached(p, now);
            case 77 -> commands.onAck(p, now);
            case 40, 51 -> mission.onRequest(spec.id(), p, now);
            case 47 -> mission.onAck(p, now);
            case 253 -> telemetry.statusText(p);
            default -> { }
        }
    }

    @Override
    public void onLost(String reason) {
        // the link's own loss (a pulled USB adapter); the heartbeat timeout raises link_lost on the tick thread
    }

    // ------------------------------------------------------------------ tick thread

    @Override
    public void onTick(long nowNs) {
        telemetry.onTick();
        linkWatch.onTick(nowNs);
        commands.onTick(nowNs);
        setpoints.onTick(nowNs);
        mission.onTick(nowNs);
    }

    /** Tick thread: the latest value {@code index} (e.g. {@link #ALT}), as of this tick; NaN until known. */
    public double state(int index) {
        return telemetry.state(index);
    }

    /** Tick thread: whether heartbeats arrive (as of this tick). */
    public boolean connected() {
        return linkWatch.connected();
    }

    /** The vehicle's link state (lost / back), told in the node's one format. */
    public LinkHealth health() {
        return linkWatch.health();
    }

    /** Any thread (status, telemetry): whether a heartbeat came within the heartbeat timeout, by the clock now. */
    public boolean connectedNow() {
        return linkWatch.connectedNow();
    }

    /**
     * Tick thread: whether a failsafe ran and no tree set a mode since: setpoints are refused (counted in
     * {@link #setpointsRefused()}) until {@link #setMode} takes the vehicle back.
     */
    public boolean held() {
        return setpoints.held();
    }

    /** Tick thread: setpoints refused while {@link #held()}. */
    public long setpointsRefused() {
        return setpoints.setpointsRefused();
    }

    /** Tick thread: whether the vehicle reports itself armed. */
    public boolean armed() {
        return telemetry.armed();
    }

    /** Tick thread: the current flight mode's name, or null when unknown. */
    public String modeName() {
        return telemetry.modeName();
    }

    /** Tick thread: whether the vehicle is on the ground (landed state ON_GROUND, or disarmed when unknown). */
    public boolean onGround() {
        return telemetry.onGround();
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
        setpoints.release(); // a tree that sets a mode takes the vehicle back after a failsafe
        int autopilot = (int) state(AUTOPILOT);
        long custom = FlightModes.customMode(autopilot, (int) state(VEHICLE_TYPE), mode);
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
        if (FlightModes.isPx4((int) state(AUTOPILOT)) && !Double.isNaN(state(ALT)) && !Double.isNaN(state(REL_ALT))) {
            alt = state(ALT) - state(REL_ALT) + altitudeM;
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
        return commands.command(command, p1, p2, p3, p4, p5, p6, p7);
    }

    /** Tick thread: {@link #RESULT_PENDING}, {@link #RESULT_TIMEOUT}, or the MAV_RESULT of the COMMAND_ACK. */
    public int commandResult(int slot) {
        return commands.result(slot);
    }

    /** Tick thread: frees the slot (call once its result is read, or when the caller is halted). */
    public void releaseCommand(int slot) {
        commands.release(slot);
    }

    /**
     * Tick thread: streams a position setpoint (local NED, metres; {@code yawRad} NaN: keep the heading) every
     * setpoint period until {@link #clearSetpoint}, another setpoint, or the failsafe.
     */
    public void setPositionTarget(double x, double y, double z, double yawRad) {
        setpoints.setPositionTarget(x, y, z, yawRad);
    }

    /** Tick thread: streams a velocity setpoint (local NED, m/s, yaw rate rad/s). */
    public void setVelocityTarget(double vx, double vy, double vz, double yawRateRad) {
        setpoints.setVelocityTarget(vx, vy, vz, yawRateRad);
    }

    /** Tick thread: stops streaming setpoints (the vehicle keeps its last one, per its own rules). */
    public void clearSetpoint() {
        setpoints.clear();
    }

    /** Tick thread: one MANUAL_CONTROL (x, y, r in -1000..1000, z in 0..1000 or -1000..1000 per vehicle). */
    public boolean manualControl(int x, int y, int z, int r, int buttons) {
        return setpoints.manualControl(x, y, z, r, buttons);
    }

    /**
     * Tick thread: uploads a mission of waypoints (latitude, longitude in degrees; altitude in metres above
     * home), replacing the vehicle's: MISSION_COUNT now, then each MISSION_ITEM_INT as the vehicle requests it.
     * Follow it with {@link #missionState()}. False when an upload is under way or the list is too long.
     */
    public boolean uploadMission(double[] lat, double[] lon, double[] altM, int count) {
        return mission.upload(lat, lon, altM, count);
    }

    /** {@link #MISSION_IDLE}, {@link #MISSION_UPLOADING}, {@link #MISSION_ACCEPTED}, {@link #MISSION_REJECTED}, {@link #MISSION_TIMEOUT}. */
    public int missionState() {
        return mission.state();
    }

    // ------------------------------------------------------------------ failsafe (any thread)

    /**
     * Any thread: stops the streamed setpoint; disarms on the ground; in the air holds (zero velocity, and the
     * hold mode when configured) or lands. Sent at once, from the calling thread's own buffers.
     */
    public synchronized void failsafe() {
        failsafe.run();
    }

    /** The watchdog's failsafe: {@link #failsafe()}. */
    @Override
    public void onStall(String tickerRole, String timerName, long stalledForNs) {
        failsafe();
    }

    // ------------------------------------------------------------------ counters

    public MavlinkParser parser() {
        return parser;
    }

    public long commandsSent() {
        return commands.commandsSent();
    }

    /** Frames not sent (no link, pool empty, link down). */
    public long framesRefused() {
        return sender.refused();
    }

    /** Events the inbox refused (its command lane full). */
    public long eventsRefused() {
        return events.refused();
    }
}
