package io.canopy.statemachine;

/** A compiled assignable location of the datamodel ({@code <assign location>}, {@code idlocation}). */
public interface Location {
    void set(Machine machine, Object value);

    /** Reads the location (for {@code namelist}). */
    Object get(Machine machine);

    /** The location as written, for messages and the namelist keys. */
    String name();
}
