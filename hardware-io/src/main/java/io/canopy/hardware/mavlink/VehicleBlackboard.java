package io.canopy.hardware.mavlink;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.tick.TickListener;

/**
 * Copies a vehicle's state into blackboard entries named {@code <prefix>_<what>} each tick (add it after the
 * vehicle, before the trees): {@code connected armed mode} (bool, bool, string), {@code roll pitch yaw} (rad),
 * {@code x y z vx vy vz} (local NED, m and m/s), {@code lat lon} (deg), {@code alt rel_alt} (m),
 * {@code heading} (deg), {@code battery_v battery_a battery_pct}, {@code landed_state}, {@code mission_seq}.
 * Unknown values are NaN. Entries are resolved once; a tick is field stores.
 */
public final class VehicleBlackboard implements TickListener {
    private static final String[] NAMES = {"roll", "pitch", "yaw", "x", "y", "z", "vx", "vy", "vz", "lat", "lon",
        "alt", "rel_alt", "heading", "battery_v", "battery_a", "battery_pct", "landed_state", "mission_seq"};
    private static final int[] INDEX = {MavlinkVehicle.ROLL, MavlinkVehicle.PITCH, MavlinkVehicle.YAW,
        MavlinkVehicle.X, MavlinkVehicle.Y, MavlinkVehicle.Z, MavlinkVehicle.VX, MavlinkVehicle.VY, MavlinkVehicle.VZ,
        MavlinkVehicle.LAT, MavlinkVehicle.LON, MavlinkVehicle.ALT, MavlinkVehicle.REL_ALT, MavlinkVehicle.HEADING,
        MavlinkVehicle.BATTERY_V, MavlinkVehicle.BATTERY_A, MavlinkVehicle.BATTERY_PCT, MavlinkVehicle.LANDED_STATE,
        MavlinkVehicle.MISSION_SEQ};

    private final MavlinkVehicle vehicle;
    private final Entry connected;
    private final Entry armed;
    private final Entry mode;
    private final Entry[] numbers = new Entry[NAMES.length];
    private String lastMode;

    public VehicleBlackboard(MavlinkVehicle vehicle, Blackboard blackboard, String prefix) {
        this.vehicle = vehicle;
        connected = blackboard.entry(prefix + "_connected", ValueKind.BOOLEAN);
        armed = blackboard.entry(prefix + "_armed", ValueKind.BOOLEAN);
        mode = blackboard.entry(prefix + "_mode", ValueKind.STRING);
        for (int i = 0; i < NAMES.length; i++) {
            numbers[i] = blackboard.entry(prefix + "_" + NAMES[i], ValueKind.DOUBLE);
        }
    }

    @Override
    public void onTick(long nowNs) {
        connected.setBoolean(vehicle.connected());
        armed.setBoolean(vehicle.armed());
        String m = vehicle.modeName();
        if (m != lastMode) { // interned names: identity is enough
            lastMode = m;
            if (m == null) {
                mode.clear();
            } else {
                mode.setObject(m);
            }
        }
        for (int i = 0; i < numbers.length; i++) {
            numbers[i].setDouble(vehicle.state(INDEX[i]));
        }
    }
}
