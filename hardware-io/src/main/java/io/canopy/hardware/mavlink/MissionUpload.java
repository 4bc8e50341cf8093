package io.canopy.hardware.mavlink;

import static io.canopy.hardware.mavlink.MavlinkVehicle.MAX_MISSION_ITEMS;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_ACCEPTED;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_IDLE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_REJECTED;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_TIMEOUT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_UPLOADING;

import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.NanoClock;

/**
 * The mission upload protocol: the tick thread sends MISSION_COUNT (resent twice when the vehicle goes quiet, then
 * a timeout); the reader thread answers each MISSION_REQUEST(_INT) with its MISSION_ITEM_INT waypoint and ends the
 * upload on MISSION_ACK, raised as mission_ack.
 */
final class MissionUpload {
    private static final int MAV_FRAME_GLOBAL_RELATIVE_ALT_INT = 6;
    private static final int MAV_CMD_NAV_WAYPOINT = 16;
    private static final long MISSION_TIMEOUT_NS = 3_000_000_000L;

    private final MavlinkConfig config;
    private final NanoClock clock;
    private final FrameSender sender;
    private final VehicleEvents events;
    private final String evMissionAck;

    // items written by the tick thread before the upload starts, read by the reader thread
    private final double[] missionLat = new double[MAX_MISSION_ITEMS];
    private final double[] missionLon = new double[MAX_MISSION_ITEMS];
    private final float[] missionAlt = new float[MAX_MISSION_ITEMS];
    private volatile int missionCount;
    private volatile int missionState = MISSION_IDLE;
    private volatile long missionProgressNs;

    // tick thread
    private final byte[] tickPayload = new byte[255];
    private int missionCountResends;

    // reader thread
    private final Event ioEvent = new Event(16);
    private final byte[] ioPayload = new byte[255];

    MissionUpload(MavlinkConfig config, NanoClock clock, FrameSender sender, VehicleEvents events) {
        this.config = config;
        this.clock = clock;
        this.sender = sender;
        this.events = events;
        evMissionAck = events.name("mission_ack");
    }

    /** Tick thread: starts an upload; false when one is under way or the list is too long. */
    boolean upload(double[] lat, double[] lon, double[] altM, int count) {
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

    int state() {
        return missionState;
    }

    /** Tick thread: resends MISSION_COUNT when the vehicle went quiet, or times the upload out. */
    void onTick(long nowNs) {
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

    private void sendMissionCount() {
        byte[] b = tickPayload;
        FrameSender.clear(b, MavlinkMessages.MISSION_COUNT);
        Le.put16(b, Offsets.MCNT_COUNT, missionCount);
        Le.put8(b, Offsets.MCNT_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Offsets.MCNT_TARGET_COMPONENT, config.targetComponent());
        sender.send(MavlinkMessages.MISSION_COUNT, b);
    }

    /** Reader thread: MISSION_REQUEST ({@code msgId} 40) or MISSION_REQUEST_INT (51): the vehicle asks for an item. */
    void onRequest(int msgId, byte[] p, long now) {
        sendItem(Le.u16(p, msgId == 51 ? Offsets.MRI_SEQ : Offsets.MR_SEQ), now);
    }

    private void sendItem(int seq, long now) {
        if (missionState != MISSION_UPLOADING || seq >= missionCount) {
            return;
        }
        missionProgressNs = now;
        byte[] b = ioPayload;
        FrameSender.clear(b, MavlinkMessages.MISSION_ITEM_INT);
        Le.put8(b, Offsets.MII_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Offsets.MII_TARGET_COMPONENT, config.targetComponent());
        Le.put16(b, Offsets.MII_SEQ, seq);
        Le.put8(b, Offsets.MII_FRAME, MAV_FRAME_GLOBAL_RELATIVE_ALT_INT);
        Le.put16(b, Offsets.MII_COMMAND, MAV_CMD_NAV_WAYPOINT);
        Le.put8(b, Offsets.MII_CURRENT, seq == 0 ? 1 : 0);
        Le.put8(b, Offsets.MII_AUTOCONTINUE, 1);
        Le.put32(b, Offsets.MII_X, (int) Math.round(missionLat[seq] * 1e7));
        Le.put32(b, Offsets.MII_Y, (int) Math.round(missionLon[seq] * 1e7));
        Le.putF32(b, Offsets.MII_Z, missionAlt[seq]);
        sender.send(MavlinkMessages.MISSION_ITEM_INT, b);
    }

    /** Reader thread: MISSION_ACK ends an upload under way (type 0: accepted). */
    void onAck(byte[] p, long now) {
        int type = Le.u8(p, Offsets.MA_TYPE);
        if (missionState == MISSION_UPLOADING) {
            missionState = type == 0 ? MISSION_ACCEPTED : MISSION_REJECTED;
        }
        events.offer(ioEvent.set(EventKind.COMMAND, evMissionAck, now).value(type));
    }
}
