package io.canopy.hardware.dynamixel;

import io.canopy.InputException;
import io.canopy.Names;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Dynamixel buses a tree's nodes may command, with their servos' names: put one into the tree's context
 * before loading ({@code context.withService(DynamixelBuses.class, buses)}); the nodes find their servo in their
 * constructor, so a wrong name is a load error.
 */
public final class DynamixelBuses {
    /** One servo: its bus and its index on it. */
    public record Servo(DynamixelBus bus, int index, String name) {}

    private final Map<String, DynamixelBus> buses = new LinkedHashMap<>();
    private final Map<String, String[]> names = new LinkedHashMap<>();

    /** Adds {@code bus}; {@code servoNames[i]} names its i-th configured id. */
    public DynamixelBuses add(DynamixelBus bus, String[] servoNames) {
        if (servoNames.length != bus.servos()) {
            throw new IllegalArgumentException("bus '" + bus.config().name() + "': " + servoNames.length + " names for "
                    + bus.servos() + " servos");
        }
        if (buses.putIfAbsent(bus.config().name(), bus) != null) {
            throw new IllegalArgumentException("a Dynamixel bus named '" + bus.config().name() + "' is already added");
        }
        names.put(bus.config().name(), servoNames.clone());
        return this;
    }

    /**
     * The servo {@code servoName} on bus {@code busName} (empty: the only bus). An input error naming the known
     * buses or servos when there is no such one.
     */
    public Servo find(String busName, String servoName) {
        DynamixelBus bus = bus(busName);
        String b = bus.config().name();
        String[] n = names.get(b);
        for (int i = 0; i < n.length; i++) {
            if (n[i].equals(servoName)) {
                return new Servo(bus, i, servoName);
            }
        }
        throw new InputException("bus '" + b + "' has no servo '" + servoName + "'"
                + Names.suggestion(servoName, List.of(n)) + "; its servos: " + String.join(", ", n));
    }

    /** The bus {@code busName} (empty: the only one); an input error naming the known buses when there is none. */
    public DynamixelBus bus(String busName) {
        String b = busName;
        if (b == null || b.isEmpty()) {
            if (buses.size() != 1) {
                throw new InputException(buses.isEmpty() ? "no Dynamixel bus is configured; add a <dynamixel> to the node"
                        : "several Dynamixel buses (" + String.join(", ", buses.keySet()) + "): name one with bus=\"...\"");
            }
            b = buses.keySet().iterator().next();
        }
        DynamixelBus bus = buses.get(b);
        if (bus == null) {
            throw new InputException("no Dynamixel bus '" + b + "'" + Names.suggestion(b, buses.keySet())
                    + "; known: " + String.join(", ", buses.keySet()));
        }
        return bus;
    }
}
