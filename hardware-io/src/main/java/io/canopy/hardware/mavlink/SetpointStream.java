package io.canopy.hardware.mavlink;

import io.canopy.tick.NanoClock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the trees ask the vehicle to fly, on the tick thread: the active position or velocity setpoint,
 * streamed each setpoint period (SET_POSITION_TARGET_LOCAL_NED), and one-off MANUAL_CONTROL. A stop request
 * (the failsafe, any thread) ends the stream and holds the vehicle: setpoints are refused until released.
 */
final class SetpointStream {
    private static final int MAV_FRAME_LOCAL_NED = 1;
    private static final int MASK_POSITION = 0x09F8; // ignore velocity, acceleration, yaw rate
    private static final int MASK_POSITION_NO_YAW = 0x0DF8;
    /** Velocity only: ignore position, acceleration, yaw. */
    static final int MASK_VELOCITY = 0x05C7;

    private final MavlinkConfig config;
    private final NanoClock clock;
    private final FrameSender sender;
    /** The node's first tick (time_boot_ms counts from it, so a replay writes the same value); MIN_VALUE before it. */
    private volatile long startNs = Long.MIN_VALUE;
    private final AtomicLong stopRequests = new AtomicLong();

    // tick thread
    private final byte[] tickPayload = new byte[255];
    private long stopRequestsSeen;
    private boolean held;
    private long setpointsRefused;
    private int setpointMask; // 0: no setpoint streamed
    private final float[] setpoint = new float[4];
    private long lastSetpointNs;

    SetpointStream(MavlinkConfig config, NanoClock clock, FrameSender sender) {
        this.config = config;
        this.clock = clock;
        this.sender = sender;
    }

    /** Any thread: ends the stream and holds the vehicle from the next tick on. */
    void requestStop() {
        stopRequests.incrementAndGet();
    }

    /** Tick thread: takes a stop request, then streams the setpoint when its period is up. */
    void onTick(long nowNs) {
        if (startNs == Long.MIN_VALUE) {
            startNs = nowNs;
        }
        long stops = stopRequests.get();
        if (stops != stopRequestsSeen) {
            stopRequestsSeen = stops;
            setpointMask = 0;
            held = true; // no setpoint from a tree until it sets a mode again
        }
        if (setpointMask != 0 && nowNs - lastSetpointNs >= config.setpointPeriodMs() * 1_000_000L) {
            sendSetpoint(nowNs);
        }
    }

    boolean held() {
        return held;
    }

    /** Tick thread: a tree set a mode: setpoints are taken again. */
    void release() {
        held = false;
    }

    long setpointsRefused() {
        return setpointsRefused;
    }

    void setPositionTarget(double x, double y, double z, double yawRad) {
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

    void setVelocityTarget(double vx, double vy, double vz, double yawRateRad) {
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

    /** Tick thread: stops streaming (also when the link is lost: no stale setpoint resumes by itself). */
    void clear() {
        setpointMask = 0;
    }

    private void sendSetpoint(long nowNs) {
        lastSetpointNs = nowNs;
        encodeSetpoint(tickPayload, setpointMask, setpoint[0], setpoint[1], setpoint[2], setpoint[3]);
        sender.send(MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED, tickPayload);
    }

    /** Any thread, into the caller's buffer: one SET_POSITION_TARGET_LOCAL_NED payload. */
    void encodeSetpoint(byte[] b, int mask, float a, float c, float d, float yawOrRate) {
        FrameSender.clear(b, MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED);
        long start = startNs;
        Le.put32(b, Offsets.SP_TIME, start == Long.MIN_VALUE ? 0 : (int) ((clock.nanoTime() - start) / 1_000_000L));
        Le.put8(b, Offsets.SP_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Offsets.SP_TARGET_COMPONENT, config.targetComponent());
        Le.put8(b, Offsets.SP_FRAME, MAV_FRAME_LOCAL_NED);
        Le.put16(b, Offsets.SP_MASK, mask);
        boolean velocity = mask == MASK_VELOCITY;
        int base = velocity ? Offsets.SP_VX : Offsets.SP_X;
        Le.putF32(b, base, a);
        Le.putF32(b, base + 4, c);
        Le.putF32(b, base + 8, d);
        Le.putF32(b, velocity ? Offsets.SP_YAW_RATE : Offsets.SP_YAW, Float.isNaN(yawOrRate) ? 0 : yawOrRate);
    }

    /** Tick thread: one MANUAL_CONTROL frame. */
    boolean manualControl(int x, int y, int z, int r, int buttons) {
        byte[] b = tickPayload;
        FrameSender.clear(b, MavlinkMessages.MANUAL_CONTROL);
        Le.put16(b, Offsets.MAN_X, x);
        Le.put16(b, Offsets.MAN_X + 2, y);
        Le.put16(b, Offsets.MAN_X + 4, z);
        Le.put16(b, Offsets.MAN_X + 6, r);
        Le.put16(b, Offsets.MAN_BUTTONS, buttons);
        Le.put8(b, Offsets.MAN_TARGET, config.targetSystem());
        return sender.send(MavlinkMessages.MANUAL_CONTROL, b);
    }
}
