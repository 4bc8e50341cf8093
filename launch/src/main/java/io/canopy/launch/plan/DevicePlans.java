package io.canopy.launch.plan;

import io.canopy.launch.read.DeviceReader;
import java.util.List;

/**
 * The standard-protocol devices of one node: raw links ({@code <udp>}, and {@code <serial>}s that a device
 * role claims), MAVLink vehicles and Dynamixel buses. Read by {@link DeviceReader}.
 */
public record DevicePlans(List<RawLinkPlan> links, List<MavlinkPlan> vehicles, List<DynamixelPlan> buses) {
    public static final DevicePlans NONE = new DevicePlans(List.of(), List.of(), List.of());

    public DevicePlans {
        links = List.copyOf(links);
        vehicles = List.copyOf(vehicles);
        buses = List.copyOf(buses);
    }

    public boolean isEmpty() {
        return vehicles.isEmpty() && buses.isEmpty() && links.isEmpty();
    }

    public RawLinkPlan link(String name) {
        for (RawLinkPlan l : links) {
            if (l.name().equals(name)) {
                return l;
            }
        }
        return null;
    }
}
