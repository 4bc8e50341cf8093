package io.canopy.hardware.mavlink;

import static io.canopy.hardware.mavlink.MavlinkVehicle.ALT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.ARMED;
import static io.canopy.hardware.mavlink.MavlinkVehicle.AUTOPILOT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.BASE_MODE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.BATTERY_A;
import static io.canopy.hardware.mavlink.MavlinkVehicle.BATTERY_PCT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.BATTERY_V;
import static io.canopy.hardware.mavlink.MavlinkVehicle.CUSTOM_MODE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.HEADING;
import static io.canopy.hardware.mavlink.MavlinkVehicle.LANDED_ON_GROUND;
import static io.canopy.hardware.mavlink.MavlinkVehicle.LANDED_STATE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.LAT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.LON;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_REACHED;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MISSION_SEQ;
import static io.canopy.hardware.mavlink.MavlinkVehicle.PITCH;
import static io.canopy.hardware.mavlink.MavlinkVehicle.REL_ALT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.ROLL;
import static io.canopy.hardware.mavlink.MavlinkVehicle.STATE_SIZE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.SYSTEM_STATUS;
import static io.canopy.hardware.mavlink.MavlinkVehicle.VEHICLE_TYPE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.VX;
import static io.canopy.hardware.mavlink.MavlinkVehicle.VY;
import static io.canopy.hardware.mavlink.MavlinkVehicle.VZ;
import static io.canopy.hardware.mavlink.MavlinkVehicle.X;
import static io.canopy.hardware.mavlink.MavlinkVehicle.Y;
import static io.canopy.hardware.mavlink.MavlinkVehicle.YAW;
import static io.canopy.hardware.mavlink.MavlinkVehicle.Z;

import io.canopy.hardware.stream.SeqlockTable;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vehicle's reported state: the reader thread decodes telemetry (HEARTBEAT, SYS_STATUS, ATTITUDE, positions,
 * BATTERY_STATUS, EXTENDED_SYS_STATE, mission progress) into a seqlock table, raises armed, disarmed,
 * mode_changed and mission_item_reached, and logs STATUSTEXT; the tick thread copies the table once a tick into
 * the values the nodes read.
 */
final class VehicleTelemetry {
    // STATUSTEXT lines keep the vehicle's logger name
    private static final Logger LOG = LoggerFactory.getLogger(MavlinkVehicle.class);

    private final MavlinkConfig config;
    private final VehicleEvents events;
    private final String evArmed;
    private final String evDisarmed;
    private final String evModeChanged;
    private final String evItemReached;
    private final SeqlockTable table = new SeqlockTable(STATE_SIZE);
    private volatile long lastHeartbeatNs = Long.MIN_VALUE;

    // reader thread
    private final Event ioEvent = new Event(16);
    private long seenArmed = -1;
    private long seenMode = -1;

    // tick thread
    private final double[] state = new double[STATE_SIZE];

    VehicleTelemetry(MavlinkConfig config, VehicleEvents events) {
        this.config = config;
        this.events = events;
        evArmed = events.name("armed");
        evDisarmed = events.name("disarmed");
        evModeChanged = events.name("mode_changed");
        evItemReached = events.name("mission_item_reached");
        Arrays.fill(state, Double.NaN);
    }

    // ------------------------------------------------------------------ reader thread

    // Reader thread, one method a message: MavlinkVehicle.onMessage dispatches on the id (one switch, as before the
    // split, so the JIT sees the same shape). Each writes its fields into the table in one seqlock write.

    void sysStatus(byte[] p) {
        int mv = Le.u16(p, Offsets.SYS_VOLTAGE);
        int ca = Le.i16(p, Offsets.SYS_CURRENT);
        int pct = (byte) p[Offsets.SYS_REMAINING];
        table.beginWrite();
        table.set(BATTERY_V, mv == 0xFFFF ? Double.NaN : mv / 1000.0);
        table.set(BATTERY_A, ca == -1 ? Double.NaN : ca / 100.0);
        table.set(BATTERY_PCT, pct < 0 ? Double.NaN : pct);
        table.endWrite();
    }

    void attitude(byte[] p) {
        table.beginWrite();
        table.set(ROLL, Le.f32(p, Offsets.ATT_ROLL));
        table.set(PITCH, Le.f32(p, Offsets.ATT_PITCH));
        table.set(YAW, Le.f32(p, Offsets.ATT_YAW));
        table.endWrite();
    }

    void localPosition(byte[] p) {
        table.beginWrite();
        table.set(X, Le.f32(p, Offsets.LPN_X));
        table.set(Y, Le.f32(p, Offsets.LPN_X + 4));
        table.set(Z, Le.f32(p, Offsets.LPN_X + 8));
        table.set(VX, Le.f32(p, Offsets.LPN_X + 12));
        table.set(VY, Le.f32(p, Offsets.LPN_X + 16));
        table.set(VZ, Le.f32(p, Offsets.LPN_X + 20));
        table.endWrite();
    }

    void globalPosition(byte[] p) {
        int hdg = Le.u16(p, Offsets.GPI_HDG);
        table.beginWrite();
        table.set(LAT, Le.i32(p, Offsets.GPI_LAT) / 1e7);
        table.set(LON, Le.i32(p, Offsets.GPI_LON) / 1e7);
        table.set(ALT, Le.i32(p, Offsets.GPI_ALT) / 1000.0);
        table.set(REL_ALT, Le.i32(p, Offsets.GPI_REL_ALT) / 1000.0);
        table.set(HEADING, hdg == 0xFFFF ? Double.NaN : hdg / 100.0);
        table.endWrite();
    }

    void extendedState(byte[] p) {
        table.beginWrite();
        table.set(LANDED_STATE, Le.u8(p, Offsets.ESS_LANDED));
        table.endWrite();
    }

    void missionCurrent(byte[] p) {
        table.beginWrite();
        table.set(MISSION_SEQ, Le.u16(p, Offsets.MC_SEQ));
        table.endWrite();
    }

    void itemReached(byte[] p, long now) {
        int s = Le.u16(p, Offsets.MIR_SEQ);
        table.beginWrite();
        table.set(MISSION_REACHED, s);
        table.endWrite();
        events.offer(ioEvent.set(EventKind.COMMAND, evItemReached, now).value(s));
    }

    void heartbeat(byte[] p, long now) {
        int baseMode = Le.u8(p, Offsets.HB_BASE_MODE);
        long custom = Le.u32(p, Offsets.HB_CUSTOM_MODE);
        int autopilot = Le.u8(p, Offsets.HB_AUTOPILOT);
        int type = Le.u8(p, Offsets.HB_TYPE);
        int armed = (baseMode & 0x80) != 0 ? 1 : 0;
        table.beginWrite();
        table.set(ARMED, armed);
        table.set(BASE_MODE, baseMode);
        table.set(CUSTOM_MODE, custom);
        table.set(SYSTEM_STATUS, Le.u8(p, Offsets.HB_STATUS));
        table.set(VEHICLE_TYPE, type);
        table.set(AUTOPILOT, autopilot);
        table.endWrite();
        lastHeartbeatNs = now;
        if (armed != seenArmed) {
            if (seenArmed != -1 || armed == 1) {
                events.offer(ioEvent.set(EventKind.COMMAND, armed == 1 ? evArmed : evDisarmed, now));
            }
            seenArmed = armed;
        }
        if (custom != seenMode) {
            seenMode = custom;
            events.offer(ioEvent.set(EventKind.COMMAND, evModeChanged, now).value(custom)
                    .attachment(FlightModes.name(autopilot, type, custom)));
            ioEvent.attachment(null);
        }
    }

    void battery(byte[] p) {
        double mv = 0;
        boolean any = false;
        for (int i = 0; i < 10; i++) {
            int cell = Le.u16(p, Offsets.BS_VOLTAGES + 2 * i);
            if (cell != 0xFFFF) {
                mv += cell;
                any = true;
            }
        }
        int ca = Le.i16(p, Offsets.BS_CURRENT);
        int pct = (byte) p[Offsets.BS_REMAINING];
        table.beginWrite();
        if (any) {
            table.set(BATTERY_V, mv / 1000.0);
        }
        table.set(BATTERY_A, ca == -1 ? Double.NaN : ca / 100.0);
        table.set(BATTERY_PCT, pct < 0 ? Double.NaN : pct);
        table.endWrite();
    }

    void statusText(byte[] p) {
        int n = 0;
        while (n < 50 && p[Offsets.ST_TEXT + n] != 0) {
            n++;
        }
        LOG.info("{}: vehicle says (severity {}): {}", config.name(), Le.u8(p, Offsets.ST_SEVERITY),
                new String(p, Offsets.ST_TEXT, n, StandardCharsets.US_ASCII));
    }

    /** Any thread: when the last HEARTBEAT of the target came ({@link Long#MIN_VALUE}: none yet). */
    long lastHeartbeatNs() {
        return lastHeartbeatNs;
    }

    /** Any thread: a consistent copy of the table as of now, into {@code into}. */
    void snapshot(double[] into) {
        table.copyTo(into);
    }

    // ------------------------------------------------------------------ tick thread

    /** Tick thread: takes the table's latest values as this tick's. */
    void onTick() {
        table.copyTo(state);
    }

    double state(int index) {
        return state[index];
    }

    boolean armed() {
        return state[ARMED] == 1;
    }

    String modeName() {
        double m = state[CUSTOM_MODE];
        return Double.isNaN(m) ? null : FlightModes.name((int) state[AUTOPILOT], (int) state[VEHICLE_TYPE], (long) m);
    }

    boolean onGround() {
        double landed = state[LANDED_STATE];
        return Double.isNaN(landed) ? !armed() : landed == LANDED_ON_GROUND;
    }
}
