package io.canopy.launch.read;

import io.canopy.bt.TreeContext;
import io.canopy.hardware.dynamixel.ControlTable;
import io.canopy.hardware.dynamixel.DynamixelBus;
import io.canopy.hardware.dynamixel.DynamixelBuses;
import io.canopy.hardware.dynamixel.DynamixelConfig;
import io.canopy.hardware.mavlink.MavlinkConfig;
import io.canopy.hardware.mavlink.MavlinkVehicle;
import io.canopy.hardware.mavlink.MavlinkVehicles;
import io.canopy.launch.plan.DevicePlans;
import io.canopy.launch.plan.DynamixelPlan;
import io.canopy.launch.plan.MavlinkPlan;
import io.canopy.launch.plan.ServoPlan;

/**
 * For {@code canopy validate}: a node's vehicles and buses as services with no link behind them, so a tree's
 * {@code Mav*} and {@code Dxl*} nodes check their vehicle, bus and servo names exactly as {@code canopy run}
 * will, without opening a port.
 */
public final class DeviceStandIns {
    private DeviceStandIns() {}

    public static TreeContext services(TreeContext context, DevicePlans devices) {
        MavlinkVehicles vehicles = new MavlinkVehicles();
        for (MavlinkPlan p : devices.vehicles()) {
            vehicles.add(new MavlinkVehicle(MavlinkConfig.of(p.name()), context.clock(), null));
        }
        DynamixelBuses buses = new DynamixelBuses();
        for (DynamixelPlan p : devices.buses()) {
            int[] ids = p.servos().stream().mapToInt(ServoPlan::id).toArray();
            String[] names = p.servos().stream().map(ServoPlan::name).toArray(String[]::new);
            buses.add(new DynamixelBus(DynamixelConfig.of(p.name(), ids), ControlTable.xSeries(), null, context.clock(), null),
                    names);
        }
        return context.withService(MavlinkVehicles.class, vehicles).withService(DynamixelBuses.class, buses);
    }
}
