package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.hardware.mavlink.MavlinkVehicle;

/**
 * Uploads a mission of waypoints ({@code "lat,lon,alt; lat,lon,alt; ..."}: degrees, degrees, metres above home),
 * replacing the vehicle's: RUNNING while it waits for the vehicle's heartbeat (at most 10 s) and while the vehicle
 * requests the items, SUCCESS when it accepts the mission,
 * FAILURE when it rejects it or stops answering. The list is parsed when the tree is loaded; a bad one is a load
 * error naming the item. (ArduPilot treats item 0 as home.)
 */
public final class UploadMission extends StatefulAction {
    public static final NodeType TYPE = NodeType.action("MavUploadMission", UploadMission::new,
            Port.input("waypoints", PortType.STRING).required().describe("\"lat,lon,alt; lat,lon,alt; ...\""),
            VehicleCommand.VEHICLE).describe("Upload a list of waypoints to a MAVLink vehicle (mission protocol)");

    private final MavlinkVehicle vehicle;
    private final double[] lat;
    private final double[] lon;
    private final double[] alt;
    private boolean started;
    private long startNs;

    UploadMission(NodeInit init) {
        super(init);
        vehicle = VehicleCommand.vehicle(init);
        String text = init.text("waypoints");
        String[] items = text.split(";");
        lat = new double[items.length];
        lon = new double[items.length];
        alt = new double[items.length];
        if (items.length > MavlinkVehicle.MAX_MISSION_ITEMS) {
            throw init.error("port 'waypoints': " + items.length + " waypoints, more than "
                    + MavlinkVehicle.MAX_MISSION_ITEMS);
        }
        for (int i = 0; i < items.length; i++) {
            String[] f = items[i].trim().split("\\s*,\\s*");
            try {
                if (f.length != 3) {
                    throw new NumberFormatException("needs 3 numbers");
                }
                lat[i] = Double.parseDouble(f[0]);
                lon[i] = Double.parseDouble(f[1]);
                alt[i] = Double.parseDouble(f[2]);
            } catch (NumberFormatException e) {
                throw init.error("port 'waypoints': item " + (i + 1) + " \"" + items[i].trim() + "\" is not"
                        + " lat,lon,alt (" + e.getMessage() + "); write waypoints=\"47.39,8.54,10; 47.40,8.54,10\"");
            }
            if (Math.abs(lat[i]) > 90 || Math.abs(lon[i]) > 180) {
                throw init.error("port 'waypoints': item " + (i + 1) + " has latitude " + lat[i] + " or longitude "
                        + lon[i] + " out of range");
            }
        }
    }

    @Override
    protected Status onStart() {
        started = false;
        startNs = context.clock().nanoTime();
        return onRunning();
    }

    @Override
    protected Status onRunning() {
        if (!started) {
            if (!vehicle.connected()) { // no heartbeat yet: wait for the vehicle, at most 10 s
                return context.clock().nanoTime() - startNs > 10_000_000_000L ? Status.FAILURE : Status.RUNNING;
            }
            started = true;
            return vehicle.uploadMission(lat, lon, alt, lat.length) ? Status.RUNNING : Status.FAILURE;
        }
        switch (vehicle.missionState()) {
            case MavlinkVehicle.MISSION_UPLOADING:
                return Status.RUNNING;
            case MavlinkVehicle.MISSION_ACCEPTED:
                return Status.SUCCESS;
            default:
                return Status.FAILURE;
        }
    }

    @Override
    protected void onHalted() {
        // the vehicle times the upload out on its side
    }
}
