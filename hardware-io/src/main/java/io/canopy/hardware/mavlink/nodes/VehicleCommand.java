package io.canopy.hardware.mavlink.nodes;

import io.canopy.InputException;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.hardware.mavlink.MavlinkConfig;
import io.canopy.hardware.mavlink.MavlinkVehicle;
import io.canopy.hardware.mavlink.MavlinkVehicles;

/**
 * The shape of every command node: once the vehicle's heartbeat is there (RUNNING until then, within
 * {@code timeout_ms}) it sends one COMMAND_LONG ({@link #send}); RUNNING until the
 * COMMAND_ACK; FAILURE when the vehicle refuses it, does not answer, or no slot is free; after ACCEPTED,
 * RUNNING until {@link #done} sees the effect in the vehicle's state (armed in the heartbeat, the altitude
 * reached), SUCCESS then, FAILURE when {@code timeout_ms} passes first. A halt frees the slot.
 */
abstract class VehicleCommand extends StatefulAction {
    static final Port VEHICLE = Port.input("vehicle", PortType.STRING).withDefault("")
            .describe("name of the MAVLink vehicle (empty: the only one)");
    static final Port TIMEOUT = Port.input("timeout_ms", PortType.INT).withDefault("10000")
            .describe("FAILURE when the effect is not seen within this time");

    protected final MavlinkVehicle vehicle;
    private final Input timeoutMs;
    private int slot = -1;
    private boolean acknowledged;
    private long startNs;

    VehicleCommand(NodeInit init) {
        super(init);
        vehicle = vehicle(init);
        timeoutMs = init.input("timeout_ms");
    }

    static MavlinkVehicle vehicle(NodeInit init) {
        MavlinkVehicles vehicles = init.context().service(MavlinkVehicles.class);
        if (vehicles == null) {
            // a tree checked on its own (canopy validate tree.xml): a vehicle with no link, which never answers
            return new MavlinkVehicle(MavlinkConfig.of("unbound"), init.context().clock(), null);
        }
        try {
            return vehicles.find(init.text("vehicle"));
        } catch (InputException e) {
            throw init.error(e.getMessage());
        }
    }

    /** Sends the command; returns its slot, or -1 (FAILURE). */
    protected abstract int send();

    /** Whether the command's effect shows in the vehicle's state. */
    protected abstract boolean done();

    @Override
    protected Status onStart() {
        startNs = context.clock().nanoTime();
        acknowledged = false;
        slot = -1;
        return onRunning();
    }

    @Override
    protected Status onRunning() {
        if (slot < 0 && !acknowledged) {
            if (!vehicle.connected()) {
                return timedOut() ? Status.FAILURE : Status.RUNNING; // no heartbeat yet: wait for the vehicle
            }
            slot = send();
            if (slot < 0) {
                return Status.FAILURE;
            }
        }
        if (!acknowledged) {
            int r = vehicle.commandResult(slot);
            if (r == MavlinkVehicle.RESULT_PENDING) {
                return timedOut() ? fail() : Status.RUNNING;
            }
            vehicle.releaseCommand(slot);
            slot = -1;
            if (r != MavlinkVehicle.MAV_RESULT_ACCEPTED) {
                return Status.FAILURE;
            }
            acknowledged = true;
        }
        if (done()) {
            return Status.SUCCESS;
        }
        return timedOut() ? Status.FAILURE : Status.RUNNING;
    }

    private boolean timedOut() {
        return context.clock().nanoTime() - startNs > timeoutMs.getLong() * 1_000_000L;
    }

    private Status fail() {
        vehicle.releaseCommand(slot);
        slot = -1;
        return Status.FAILURE;
    }

    @Override
    protected void onHalted() {
        vehicle.releaseCommand(slot);
        slot = -1;
    }
}
