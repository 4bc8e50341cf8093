package io.canopy.bt;

import java.util.Objects;

/**
 * The declaration of one port of a node type: name, direction, type, default and description. Declared beside
 * the node class, for example {@code Port.input("num_cycles", PortType.INT).describe("repeat count, -1 forever")}.
 */
public final class Port {
    private final String name;
    private final PortDirection direction;
    private final PortType type;
    private final String defaultValue;
    private final String description;
    private final Class<? extends Enum<?>> enumType;
    private final boolean required;

    private Port(String name, PortDirection direction, PortType type, String defaultValue, String description,
            Class<? extends Enum<?>> enumType, boolean required) {
        this.name = Objects.requireNonNull(name, "name");
        this.direction = direction;
        this.type = type;
        this.defaultValue = defaultValue;
        this.description = description;
        this.enumType = enumType;
        this.required = required;
        if (name.isEmpty() || name.charAt(0) == '_' || name.equals("name") || name.equals("ID")) {
            throw new IllegalArgumentException("'" + name + "' is not an allowed port name");
        }
    }

    public static Port input(String name, PortType type) {
        return new Port(name, PortDirection.INPUT, type, null, "", null, false);
    }

    public static Port output(String name, PortType type) {
        return new Port(name, PortDirection.OUTPUT, type, null, "", null, false);
    }

    public static Port inout(String name, PortType type) {
        return new Port(name, PortDirection.INOUT, type, null, "", null, false);
    }

    /** An input port of a Java enum type: literals are constant names (or ordinals). */
    public static Port inputEnum(String name, Class<? extends Enum<?>> enumType) {
        return new Port(name, PortDirection.INPUT, PortType.ENUM, null, "", enumType, false);
    }

    /** The value used when the XML does not give this port (a literal, or {@code {key}} for an output). */
    public Port withDefault(String value) {
        return new Port(name, direction, type, value, description, enumType, required);
    }

    public Port describe(String text) {
        return new Port(name, direction, type, defaultValue, text, enumType, required);
    }

    /** The XML must give this port (or it must have a default): a missing one is a load error. */
    public Port required() {
        return new Port(name, direction, type, defaultValue, description, enumType, true);
    }

    public String name() {
        return name;
    }

    public PortDirection direction() {
        return direction;
    }

    public PortType type() {
        return type;
    }

    /** The default as written in XML, or null. */
    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    public Class<? extends Enum<?>> enumType() {
        return enumType;
    }

    public boolean isRequired() {
        return required;
    }

    @Override
    public String toString() {
        return direction.name().toLowerCase() + " " + name + ":" + type;
    }
}
