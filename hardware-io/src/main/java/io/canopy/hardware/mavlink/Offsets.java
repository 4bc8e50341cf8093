package io.canopy.hardware.mavlink;

/**
 * Field offsets of the messages the vehicle role reads and writes, resolved once from the message definitions
 * (so that decoding and encoding a frame is index arithmetic).
 */
final class Offsets {
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

    private Offsets() {}
}
