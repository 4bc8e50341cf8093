package io.canopy.hardware.mavlink;

/**
 * The MAVLink messages Canopy reads and writes, with their fields in the order of the official message
 * definitions ({@code minimal.xml} for HEARTBEAT, {@code common.xml} for the rest); {@link MessageSpec} derives
 * the wire layout and CRC_EXTRA from them. Messages not listed here are counted as unknown and skipped (their
 * checksum cannot be checked without their CRC_EXTRA).
 */
public final class MavlinkMessages {
    public static final MessageSpec HEARTBEAT = MessageSpec.define(0, "HEARTBEAT")
            .u8("type").u8("autopilot").u8("base_mode").u32("custom_mode").u8("system_status")
            .u8("mavlink_version").build();
    public static final MessageSpec SYS_STATUS = MessageSpec.define(1, "SYS_STATUS")
            .u32("onboard_control_sensors_present").u32("onboard_control_sensors_enabled")
            .u32("onboard_control_sensors_health").u16("load").u16("voltage_battery").i16("current_battery")
            .i8("battery_remaining").u16("drop_rate_comm").u16("errors_comm").u16("errors_count1")
            .u16("errors_count2").u16("errors_count3").u16("errors_count4")
            .extensions().u32("onboard_control_sensors_present_extended")
            .u32("onboard_control_sensors_enabled_extended").u32("onboard_control_sensors_health_extended").build();
    public static final MessageSpec ATTITUDE = MessageSpec.define(30, "ATTITUDE")
            .u32("time_boot_ms").f32("roll", "pitch", "yaw", "rollspeed", "pitchspeed", "yawspeed").build();
    public static final MessageSpec LOCAL_POSITION_NED = MessageSpec.define(32, "LOCAL_POSITION_NED")
            .u32("time_boot_ms").f32("x", "y", "z", "vx", "vy", "vz").build();
    public static final MessageSpec GLOBAL_POSITION_INT = MessageSpec.define(33, "GLOBAL_POSITION_INT")
            .u32("time_boot_ms").i32("lat").i32("lon").i32("alt").i32("relative_alt").i16("vx").i16("vy")
            .i16("vz").u16("hdg").build();
    public static final MessageSpec MISSION_REQUEST = MessageSpec.define(40, "MISSION_REQUEST")
            .u8("target_system").u8("target_component").u16("seq").extensions().u8("mission_type").build();
    public static final MessageSpec MISSION_CURRENT = MessageSpec.define(42, "MISSION_CURRENT")
            .u16("seq").build();
    public static final MessageSpec MISSION_COUNT = MessageSpec.define(44, "MISSION_COUNT")
            .u8("target_system").u8("target_component").u16("count")
            .extensions().u8("mission_type").u32("opaque_id").build();
    public static final MessageSpec MISSION_ITEM_REACHED = MessageSpec.define(46, "MISSION_ITEM_REACHED")
            .u16("seq").build();
    public static final MessageSpec MISSION_ACK = MessageSpec.define(47, "MISSION_ACK")
            .u8("target_system").u8("target_component").u8("type")
            .extensions().u8("mission_type").u32("opaque_id").build();
    public static final MessageSpec MISSION_REQUEST_INT = MessageSpec.define(51, "MISSION_REQUEST_INT")
            .u8("target_system").u8("target_component").u16("seq").extensions().u8("mission_type").build();
    public static final MessageSpec MANUAL_CONTROL = MessageSpec.define(69, "MANUAL_CONTROL")
            .u8("target").i16("x").i16("y").i16("z").i16("r").u16("buttons")
            .extensions().u16("buttons2").u8("enabled_extensions").i16("s").i16("t").i16("aux1").i16("aux2")
            .i16("aux3").i16("aux4").i16("aux5").i16("aux6").build();
    public static final MessageSpec MISSION_ITEM_INT = MessageSpec.define(73, "MISSION_ITEM_INT")
            .u8("target_system").u8("target_component").u16("seq").u8("frame").u16("command").u8("current")
            .u8("autocontinue").f32("param1", "param2", "param3", "param4").i32("x").i32("y").f32("z")
            .extensions().u8("mission_type").build();
    public static final MessageSpec COMMAND_LONG = MessageSpec.define(76, "COMMAND_LONG")
            .u8("target_system").u8("target_component").u16("command").u8("confirmation")
            .f32("param1", "param2", "param3", "param4", "param5", "param6", "param7").build();
    public static final MessageSpec COMMAND_ACK = MessageSpec.define(77, "COMMAND_ACK")
            .u16("command").u8("result")
            .extensions().u8("progress").i32("result_param2").u8("target_system").u8("target_component").build();
    public static final MessageSpec SET_POSITION_TARGET_LOCAL_NED = MessageSpec
            .define(84, "SET_POSITION_TARGET_LOCAL_NED")
            .u32("time_boot_ms").u8("target_system").u8("target_component").u8("coordinate_frame").u16("type_mask")
            .f32("x", "y", "z", "vx", "vy", "vz", "afx", "afy", "afz", "yaw", "yaw_rate").build();
    public static final MessageSpec BATTERY_STATUS = MessageSpec.define(147, "BATTERY_STATUS")
            .u8("id").u8("battery_function").u8("type").i16("temperature").array(FieldType.UINT16, "voltages", 10)
            .i16("current_battery").i32("current_consumed").i32("energy_consumed").i8("battery_remaining")
            .extensions().i32("time_remaining").u8("charge_state").array(FieldType.UINT16, "voltages_ext", 4)
            .u8("mode").u32("fault_bitmask").build();
    public static final MessageSpec EXTENDED_SYS_STATE = MessageSpec.define(245, "EXTENDED_SYS_STATE")
            .u8("vtol_state").u8("landed_state").build();
    public static final MessageSpec STATUSTEXT = MessageSpec.define(253, "STATUSTEXT")
            .u8("severity").array(FieldType.CHAR, "text", 50).extensions().u16("id").u8("chunk_seq").build();

    private static final MessageSpec[] ALL = {HEARTBEAT, SYS_STATUS, ATTITUDE, LOCAL_POSITION_NED,
        GLOBAL_POSITION_INT, MISSION_REQUEST, MISSION_CURRENT, MISSION_COUNT, MISSION_ITEM_REACHED, MISSION_ACK,
        MISSION_REQUEST_INT, MANUAL_CONTROL, MISSION_ITEM_INT, COMMAND_LONG, COMMAND_ACK,
        SET_POSITION_TARGET_LOCAL_NED, BATTERY_STATUS, EXTENDED_SYS_STATE, STATUSTEXT};
    private static final MessageSpec[] BY_ID = new MessageSpec[256];

    static {
        for (MessageSpec s : ALL) {
            BY_ID[s.id()] = s;
        }
    }

    private MavlinkMessages() {}

    /** The known message with this id, or null. */
    public static MessageSpec byId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** Every known message. */
    public static MessageSpec[] all() {
        return ALL.clone();
    }
}
