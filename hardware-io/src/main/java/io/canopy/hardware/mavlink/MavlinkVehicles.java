package io.canopy.hardware.mavlink;

import io.canopy.InputException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The MAVLink vehicles a tree's nodes may command, by name: put one into the tree's context before loading
 * ({@code context.withService(MavlinkVehicles.class, vehicles)}); the nodes find theirs in their constructor.
 */
public final class MavlinkVehicles {
    private final Map<String, MavlinkVehicle> byName = new LinkedHashMap<>();

    public MavlinkVehicles add(MavlinkVehicle vehicle) {
        if (byName.putIfAbsent(vehicle.name(), vehicle) != null) {
            throw new IllegalArgumentException("a MAVLink vehicle named '" + vehicle.name() + "' is already added");
        }
        return this;
    }

    /**
     * The vehicle {@code name}; with an empty name, the only one. An input error naming the known vehicles when
     * there is no such vehicle.
     */
    public MavlinkVehicle find(String name) {
        if (name == null || name.isEmpty()) {
            if (byName.size() == 1) {
                return byName.values().iterator().next();
            }
            throw new InputException(byName.isEmpty() ? "no MAVLink vehicle is configured; add a <mavlink> role"
                    : "several MAVLink vehicles (" + String.join(", ", byName.keySet()) + "): name one with vehicle=\"...\"");
        }
        MavlinkVehicle v = byName.get(name);
        if (v == null) {
            throw new InputException("no MAVLink vehicle '" + name + "'; known: " + String.join(", ", byName.keySet()));
        }
        return v;
    }
}
