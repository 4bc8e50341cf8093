package io.canopy.hardware.mavlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CRC_EXTRA Canopy derives from each message's field list equals the one the official generator puts in
 * its code. Expected values: the MAGIC_NUMBER of each message in the mavlink-mappings package that node-mavlink
 * uses (generated from the official minimal.xml and common.xml), which are also the MAVLINK_MSG_ID_*_CRC
 * constants of the official C headers.
 */
class CrcExtraTest {
    @ParameterizedTest(name = "{1} ({0}): CRC_EXTRA {2}")
    @CsvSource({"0, HEARTBEAT, 50", "1, SYS_STATUS, 124", "30, ATTITUDE, 39", "32, LOCAL_POSITION_NED, 185",
        "33, GLOBAL_POSITION_INT, 104", "40, MISSION_REQUEST, 230", "42, MISSION_CURRENT, 28", "44, MISSION_COUNT, 221",
        "46, MISSION_ITEM_REACHED, 11", "47, MISSION_ACK, 153", "51, MISSION_REQUEST_INT, 196", "69, MANUAL_CONTROL, 243",
        "73, MISSION_ITEM_INT, 38", "76, COMMAND_LONG, 152", "77, COMMAND_ACK, 143",
        "84, SET_POSITION_TARGET_LOCAL_NED, 143", "147, BATTERY_STATUS, 154", "245, EXTENDED_SYS_STATE, 130",
        "253, STATUSTEXT, 83"})
    void derivedCrcExtraMatchesTheOfficialGenerator(int id, String name, int crcExtra) {
        MessageSpec spec = MavlinkMessages.byId(id);
        assertNotNull(spec, name);
        assertEquals(name, spec.name());
        assertEquals(crcExtra, spec.crcExtra(), name);
    }
}
