package io.canopy.hardware.mavlink;

/**
 * Flight-mode names and their {@code custom_mode} numbers, as data: ArduPilot's per vehicle family (Copter,
 * Rover, Plane: the mode enums of the ArduPilot firmware) and PX4's (main mode in bits 16..23, sub mode in bits
 * 24..31 of {@code custom_mode}). The family comes from the HEARTBEAT's {@code autopilot} and {@code type}.
 */
public final class FlightModes {
    static final int AUTOPILOT_ARDUPILOT = 3;
    static final int AUTOPILOT_PX4 = 12;

    private static final Object[] COPTER = {"STABILIZE", 0, "ACRO", 1, "ALT_HOLD", 2, "AUTO", 3, "GUIDED", 4,
        "LOITER", 5, "RTL", 6, "CIRCLE", 7, "LAND", 9, "DRIFT", 11, "SPORT", 13, "FLIP", 14, "AUTOTUNE", 15,
        "POSHOLD", 16, "BRAKE", 17, "THROW", 18, "AVOID_ADSB", 19, "GUIDED_NOGPS", 20, "SMART_RTL", 21};
    private static final Object[] ROVER = {"MANUAL", 0, "ACRO", 1, "STEERING", 3, "HOLD", 4, "LOITER", 5,
        "FOLLOW", 6, "SIMPLE", 7, "AUTO", 10, "RTL", 11, "SMART_RTL", 12, "GUIDED", 15};
    private static final Object[] PLANE = {"MANUAL", 0, "CIRCLE", 1, "STABILIZE", 2, "TRAINING", 3, "ACRO", 4,
        "FBWA", 5, "FBWB", 6, "CRUISE", 7, "AUTOTUNE", 8, "AUTO", 10, "RTL", 11, "LOITER", 12, "TAKEOFF", 13,
        "GUIDED", 15, "QSTABILIZE", 17, "QHOVER", 18, "QLOITER", 19, "QLAND", 20, "QRTL", 21};
    private static final Object[] PX4 = {"MANUAL", px4(1, 0), "ALTCTL", px4(2, 0), "POSCTL", px4(3, 0),
        "AUTO.READY", px4(4, 1), "AUTO.TAKEOFF", px4(4, 2), "AUTO.LOITER", px4(4, 3), "AUTO.MISSION", px4(4, 4),
        "AUTO.RTL", px4(4, 5), "AUTO.LAND", px4(4, 6), "ACRO", px4(5, 0), "OFFBOARD", px4(6, 0),
        "STABILIZED", px4(7, 0)};

    private FlightModes() {}

    private static int px4(int main, int sub) {
        return main << 16 | sub << 24;
    }

    private static Object[] table(int autopilot, int type) {
        if (autopilot == AUTOPILOT_PX4) {
            return PX4;
        }
        if (autopilot != AUTOPILOT_ARDUPILOT) {
            return null;
        }
        switch (type) {
            case 10: // MAV_TYPE_GROUND_ROVER
            case 11: // MAV_TYPE_SURFACE_BOAT
                return ROVER;
            case 1: // MAV_TYPE_FIXED_WING
                return PLANE;
            default:
                return COPTER;
        }
    }

    /** The mode's name (an interned constant, so storing it allocates nothing), or null when unknown. */
    public static String name(int autopilot, int type, long customMode) {
        Object[] t = table(autopilot, type);
        if (t == null) {
            return null;
        }
        for (int i = 0; i < t.length; i += 2) {
            if (((Integer) t[i + 1]) == (int) customMode) {
                return (String) t[i];
            }
        }
        return null;
    }

    /** The {@code custom_mode} of a mode name (case-insensitive), or -1 when this autopilot has no such mode. */
    public static long customMode(int autopilot, int type, String name) {
        Object[] t = table(autopilot, type);
        if (t == null) {
            return -1;
        }
        for (int i = 0; i < t.length; i += 2) {
            if (((String) t[i]).equalsIgnoreCase(name)) {
                return ((Integer) t[i + 1]) & 0xFFFFFFFFL;
            }
        }
        return -1;
    }

    /** The mode names of this autopilot and vehicle type, for error messages. */
    public static String names(int autopilot, int type) {
        Object[] t = table(autopilot, type);
        if (t == null) {
            return "(unknown autopilot " + autopilot + ": give the custom_mode number)";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < t.length; i += 2) {
            sb.append(i == 0 ? "" : ", ").append(t[i]);
        }
        return sb.toString();
    }

    /** PX4 splits {@code custom_mode} into a main mode (DO_SET_MODE param2) and a sub mode (param3). */
    static boolean isPx4(int autopilot) {
        return autopilot == AUTOPILOT_PX4;
    }
}
