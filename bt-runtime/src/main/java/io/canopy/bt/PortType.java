package io.canopy.bt;

import io.canopy.expr.ValueKind;

/** The value type of a port: how a literal in the XML is converted and which entry type it binds to. */
public enum PortType {
    INT("int", ValueKind.LONG),
    LONG("long", ValueKind.LONG),
    DOUBLE("double", ValueKind.DOUBLE),
    BOOLEAN("bool", ValueKind.BOOLEAN),
    STRING("std::string", ValueKind.STRING),
    /** A Java enum (declared with {@link Port#enumType()}); literals are constant names or ordinals. */
    ENUM("enum", ValueKind.LONG),
    INT_LIST("std::vector&lt;int&gt;", ValueKind.OBJECT),
    DOUBLE_LIST("std::vector&lt;double&gt;", ValueKind.OBJECT),
    BOOLEAN_LIST("std::vector&lt;bool&gt;", ValueKind.OBJECT),
    STRING_LIST("std::vector&lt;std::string&gt;", ValueKind.OBJECT),
    /** Any value; the entry takes the type of its first write. */
    ANY("", null);

    private final String groot;
    private final ValueKind entryKind;

    PortType(String groot, ValueKind entryKind) {
        this.groot = groot;
        this.entryKind = entryKind;
    }

    /** The type name written in the Groot2 palette (already XML-escaped). */
    public String grootName() {
        return groot;
    }

    /** The entry type a port of this type creates, or null for {@link #ANY}. */
    ValueKind entryKind() {
        return entryKind;
    }
}
