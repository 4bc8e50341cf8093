package io.canopy.expr;

/** What a {@link Variable} holds right now. {@link #EMPTY} means never assigned (or unset). */
public enum ValueKind {
    EMPTY,
    BOOLEAN,
    LONG,
    DOUBLE,
    STRING,
    /** Any other Java object: a list, a map, event data, a protobuf message. */
    OBJECT
}
