package io.canopy.hardware.mavlink;

import io.canopy.hardware.health.LinkHealth;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.NanoClock;

/**
 * The link's health, on the tick thread: connected while the target's heartbeats are younger than the heartbeat
 * timeout; on a change it raises link_lost or link_back, and when heartbeats start or come back it asks for the
 * telemetry streams. It also sends this station's own HEARTBEAT each heartbeat period.
 */
final class LinkWatch {
    private static final int MAV_CMD_SET_MESSAGE_INTERVAL = 511;
    private static final int[] STREAMS = {30, 32, 33, 1, 147, 245}; // the state table's messages
    private static final int[] STREAM_DIVIDER = {1, 1, 2, 0, 0, 0}; // 0: 1 Hz

    private final MavlinkConfig config;
    private final NanoClock clock;
    private final VehicleTelemetry telemetry;
    private final SetpointStream setpoints;
    private final FrameSender sender;
    private final VehicleEvents events;
    private final String evLinkLost;
    private final String evLinkBack;
    private final LinkHealth health;

    // tick thread
    private final Event tickEvent = new Event(16);
    private final byte[] tickPayload = new byte[255];
    private boolean connected;
    private long lastHeartbeatSentNs = Long.MIN_VALUE;

    LinkWatch(MavlinkConfig config, NanoClock clock, VehicleTelemetry telemetry, SetpointStream setpoints, FrameSender sender,
            VehicleEvents events) {
        this.config = config;
        this.clock = clock;
        this.telemetry = telemetry;
        this.setpoints = setpoints;
        this.sender = sender;
        this.events = events;
        evLinkLost = events.name("link_lost");
        evLinkBack = events.name("link_back");
        health = new LinkHealth(config.name(), "mavlink", "set-points stopped (the autopilot's own link-loss failsafe acts)",
                clock);
    }

    /** The link's lost/back state, told in the node's one format. */
    LinkHealth health() {
        return health;
    }

    /** Tick thread: decides the link's health from the heartbeat age, and sends the own heartbeat when due. */
    void onTick(long nowNs) {
        long hb = telemetry.lastHeartbeatNs();
        boolean alive = hb != Long.MIN_VALUE && nowNs - hb < config.heartbeatTimeoutMs() * 1_000_000L;
        if (alive != connected) {
            connected = alive;
            if (!alive) {
                setpoints.clear(); // no stale setpoint resumes by itself when the link comes back
                if (hb != Long.MIN_VALUE) { // heard before: lost (a vehicle not heard yet is not lost)
                    health.lost(nowNs, "no HEARTBEAT for " + LinkHealth.seconds(nowNs - hb));
                }
            } else {
                requestStreams();
                health.back(nowNs);
            }
            events.offer(tickEvent.set(EventKind.COMMAND, alive ? evLinkBack : evLinkLost, nowNs));
        }
        if (lastHeartbeatSentNs == Long.MIN_VALUE || nowNs - lastHeartbeatSentNs >= config.heartbeatPeriodMs() * 1_000_000L) {
            lastHeartbeatSentNs = nowNs;
            sendHeartbeat();
        }
    }

    /** Tick thread: whether heartbeats arrive (as of this tick). */
    boolean connected() {
        return connected;
    }

    /** Any thread: whether a heartbeat came within the heartbeat timeout, by the clock now. */
    boolean connectedNow() {
        long hb = telemetry.lastHeartbeatNs();
        return hb != Long.MIN_VALUE && clock.nanoTime() - hb < config.heartbeatTimeoutMs() * 1_000_000L;
    }

    /** SET_MESSAGE_INTERVAL for the messages the state table reads, sent once (no retries; unanswered is fine). */
    private void requestStreams() {
        int hz = config.streamHz();
        if (hz <= 0) {
            return;
        }
        byte[] b = tickPayload;
        for (int i = 0; i < STREAMS.length; i++) {
            int rate = STREAM_DIVIDER[i] == 0 ? 1 : Math.max(1, hz / STREAM_DIVIDER[i]);
            FrameSender.clear(b, MavlinkMessages.COMMAND_LONG);
            Le.putF32(b, Offsets.CL_PARAM1, STREAMS[i]);
            Le.putF32(b, Offsets.CL_PARAM1 + 4, 1_000_000f / rate);
            Le.put16(b, Offsets.CL_COMMAND, MAV_CMD_SET_MESSAGE_INTERVAL);
            Le.put8(b, Offsets.CL_TARGET_SYSTEM, config.targetSystem());
            Le.put8(b, Offsets.CL_TARGET_COMPONENT, config.targetComponent());
            sender.send(MavlinkMessages.COMMAND_LONG, b);
        }
    }

    private void sendHeartbeat() {
        byte[] b = tickPayload;
        FrameSender.clear(b, MavlinkMessages.HEARTBEAT);
        Le.put8(b, Offsets.HB_TYPE, 6); // MAV_TYPE_GCS
        Le.put8(b, Offsets.HB_AUTOPILOT, 8); // MAV_AUTOPILOT_INVALID
        Le.put8(b, Offsets.HB_STATUS, 4); // MAV_STATE_ACTIVE
        Le.put8(b, Offsets.HB_VERSION, 3);
        sender.send(MavlinkMessages.HEARTBEAT, b);
    }
}
