package io.canopy.hardware.mavlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.canopy.hardware.stream.UdpByteTransport;
import io.canopy.testkit.MavlinkPeer;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/**
 * Canopy's MAVLink role against an independent vehicle written with node-mavlink, over UDP on 127.0.0.1: state
 * arrives (every telemetry message decoded to the values the vehicle sent), commands are acknowledged, the
 * vehicle receives the setpoints and mission items Canopy encodes, and a silent vehicle is reported lost.
 */
class VehicleOverUdpTest {

    private static VehicleHarness harness(UdpByteTransport udp) throws Exception {
        return new VehicleHarness(MavlinkConfig.of("fc"), udp);
    }

    @Test
    void stateArrivesCommandsAreAcknowledgedAndTheVehicleFlies() throws Exception {
        MavlinkPeer.assumeAvailable();
        UdpByteTransport udp = new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0), null);
        try (VehicleHarness h = harness(udp); MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(udp.localPort()))) {
            MavlinkVehicle v = h.vehicle;
            h.until("heartbeat and position from the vehicle", 15,
                    () -> v.connected() && !Double.isNaN(v.state(MavlinkVehicle.LAT)) && !Double.isNaN(v.state(MavlinkVehicle.BATTERY_PCT))
                            && !Double.isNaN(v.state(MavlinkVehicle.LANDED_STATE)));
            assertEquals(47.397742, v.state(MavlinkVehicle.LAT), 1e-6);
            assertEquals(8.545594, v.state(MavlinkVehicle.LON), 1e-6);
            assertEquals(488.0, v.state(MavlinkVehicle.ALT), 1e-3);
            assertEquals(90.0, v.state(MavlinkVehicle.HEADING), 1e-9);
            assertEquals(0.01, v.state(MavlinkVehicle.ROLL), 1e-6);
            assertEquals(-0.02, v.state(MavlinkVehicle.PITCH), 1e-6);
            assertEquals(87, v.state(MavlinkVehicle.BATTERY_PCT));
            assertEquals(12.5, v.state(MavlinkVehicle.BATTERY_A), 1e-9);
            assertEquals(MavlinkVehicle.LANDED_ON_GROUND, v.state(MavlinkVehicle.LANDED_STATE));
            assertEquals("STABILIZE", v.modeName());
            assertTrue(v.onGround() && !v.armed());
            assertTrue(h.events.contains("fc.link_back"), h.events.toString());
            assertTrue(h.events.contains("fc.mode_changed"), h.events.toString());
            h.until("the vehicle hears Canopy's heartbeat", 5, () -> peer.sawPrefix("GCS_HEARTBEAT 6 255 190"));
            h.until("telemetry rates asked for once (SET_MESSAGE_INTERVAL)", 5,
                    () -> peer.lines().stream().filter("COMMAND 511 confirmation 0"::equals).count() == 6);

            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.setMode("GUIDED")));
            h.until("mode GUIDED in the heartbeat", 5, () -> "GUIDED".equals(v.modeName()));
            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.arm(true)));
            h.until("armed in the heartbeat", 5, v::armed);
            assertTrue(h.events.contains("fc.armed"));
            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.takeoff(5)));
            h.until("climbed to 5 m", 10, () -> v.state(MavlinkVehicle.REL_ALT) > 4.95);
            assertEquals(-5.0, v.state(MavlinkVehicle.Z), 0.05);

            v.setPositionTarget(10, -4, -5, Double.NaN);
            h.until("reached (10, -4)", 10, () -> Math.abs(v.state(MavlinkVehicle.X) - 10) < 0.05
                    && Math.abs(v.state(MavlinkVehicle.Y) + 4) < 0.05);
            assertTrue(peer.saw("SETPOINT 10 -4 -5"), peer.lines().toString());
            v.setVelocityTarget(0, 0, 0, 0);
            h.until("the velocity setpoint arrives", 5, () -> peer.saw("VELOCITY 0 0 0"));
            v.clearSetpoint();

            assertEquals(3, h.result(v.command(31000, 0, 0, 0, 0, 0, 0, 0)), "an unsupported command is refused with MAV_RESULT_UNSUPPORTED");
            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.land()));
            h.until("landed and disarmed", 10, () -> !v.armed() && v.onGround());
            assertTrue(h.events.contains("fc.disarmed"));
            h.until("the peer reports LANDED", 5, () -> peer.saw("LANDED"));
            assertTrue(h.events.contains("fc.command_ack"));
            assertEquals(0, v.parser().crcErrors());
            assertTrue(!peer.sawPrefix("BAD_CRC"), "node-mavlink found no bad checksum in Canopy's frames");
        }
    }

    @Test
    void aMissionOfWaypointsIsUploadedItemByItem() throws Exception {
        MavlinkPeer.assumeAvailable();
        UdpByteTransport udp = new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0), null);
        try (VehicleHarness h = harness(udp); MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(udp.localPort()))) {
            MavlinkVehicle v = h.vehicle;
            h.until("heartbeat", 15, v::connected);
            double[] lat = {47.3977420, 47.3978320, 47.3978320, 47.3977420};
            double[] lon = {8.5455940, 8.5455940, 8.5457270, 8.5457270};
            double[] alt = {10, 10, 12.5, 10};
            assertTrue(v.uploadMission(lat, lon, alt, 4));
            h.until("the vehicle accepts the mission", 10, () -> v.missionState() != MavlinkVehicle.MISSION_UPLOADING);
            assertEquals(MavlinkVehicle.MISSION_ACCEPTED, v.missionState());
            // the peer sends MISSION_ACK before it prints its lines: the ack can come first under load
            h.until("the peer reports the mission", 10, () -> peer.saw("MISSION_ACCEPTED 4"));
            assertTrue(peer.saw("MISSION_ITEM 0 47.397742 8.545594 10 frame 6 command 16"), peer.lines().toString());
            assertTrue(peer.saw("MISSION_ITEM 2 47.397832 8.545727 12.5 frame 6 command 16"), peer.lines().toString());
            assertTrue(h.events.contains("fc.mission_ack"));
        }
    }

    @Test
    void aLineOfGarbageATruncatedFrameAndAWrongCrcAreCountedAndReportedAndTheLinkGoesOn() throws Exception {
        MavlinkPeer.assumeAvailable();
        UdpByteTransport udp = new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0), null);
        try (VehicleHarness h = harness(udp); MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(udp.localPort()))) {
            MavlinkVehicle v = h.vehicle;
            h.until("heartbeat", 15, v::connected);
            long frames = v.parser().frames();
            assertEquals(0, v.parser().errors());
            peer.tell("garbage");
            h.until("the bad input is counted", 5, () -> v.parser().crcErrors() >= 1 && v.parser().garbageRuns() >= 1);
            assertTrue(v.parser().garbageBytes() >= "this is a line of garbage, not MAVLink".length(), "every garbage byte counted");
            h.until("bad_input reported as an event", 5, () -> h.events.contains("fc.bad_input"));
            double reported = h.eventValues.get(h.events.lastIndexOf("fc.bad_input"));
            assertTrue(reported >= 1 && reported <= v.parser().errors(), "the event carries the count so far: " + reported);
            h.until("good frames go on arriving", 5, () -> v.parser().frames() > frames + 20);
            assertTrue(v.connected());
            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.setMode("GUIDED")), "commands still work");
        }
    }

    @Test
    void onTheGroundTheFailsafeDisarmsAndHoldsSetpointsBackUntilAModeIsSet() throws Exception {
        MavlinkPeer.assumeAvailable();
        UdpByteTransport udp = new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0), null);
        try (VehicleHarness h = harness(udp); MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(udp.localPort()))) {
            MavlinkVehicle v = h.vehicle;
            h.until("landed state known", 15, () -> v.connected() && !Double.isNaN(v.state(MavlinkVehicle.LANDED_STATE)));
            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.setMode("GUIDED")));
            assertEquals(MavlinkVehicle.MAV_RESULT_ACCEPTED, h.result(v.arm(true)));
            h.until("armed on the ground", 5, () -> v.armed() && v.onGround());
            v.failsafe(); // what the watchdog thread does
            h.until("the failsafe disarmed it", 5, () -> peer.saw("DISARMED") && !v.armed());
            assertTrue(v.held());
            v.setPositionTarget(1, 2, -3, Double.NaN);
            assertEquals(1, v.setpointsRefused(), "a held vehicle takes no setpoint");
            v.setMode("GUIDED");
            assertTrue(!v.held(), "setting a mode takes the vehicle back");
        }
    }

    @Test
    void aVehicleThatStopsSendingHeartbeatsIsReportedLostAndBack() throws Exception {
        MavlinkPeer.assumeAvailable();
        UdpByteTransport udp = new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0), null);
        try (VehicleHarness h = harness(udp); MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(udp.localPort()))) {
            MavlinkVehicle v = h.vehicle;
            h.until("heartbeat", 15, v::connected);
            peer.tell("silence");
            h.until("link lost after the 3 s heartbeat timeout", 10, () -> !v.connected());
            assertTrue(h.events.contains("fc.link_lost"));
            peer.tell("resume");
            h.until("link back", 10, v::connected);
            assertEquals(2, h.events.stream().filter("fc.link_back"::equals).count());
        }
    }
}
