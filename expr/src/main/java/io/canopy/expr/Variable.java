package io.canopy.expr;

/**
 * A storage cell that expressions read and write: a blackboard entry, an SCXML data item, a loop variable.
 *
 * <p>A compiled expression resolves each name to a {@code Variable} once, at compile time, through a
 * {@link Scope}; on the tick path it reads and writes the cell directly, with no lookup and no boxing of
 * primitives. The implementation enforces its own type rules (a BehaviorTree.CPP blackboard entry refuses a
 * value of another type; an SCXML data item takes anything) and throws an exception whose message names the
 * variable, the stored type and the offered value.
 */
public interface Variable {
    String name();

    ValueKind kind();

    /**
     * Whether the variable exists even when it holds no value: a BehaviorTree.CPP entry created empty when
     * a port was bound, a declared SCXML data item without a value. {@code x = v} (as opposed to {@code x :=
     * v}) needs an existing variable, and ECMAScript reads a declared empty variable as {@code undefined}
     * where an undeclared one is an error. The default: the variable holds a value.
     */
    default boolean exists() {
        return kind() != ValueKind.EMPTY;
    }

    boolean booleanValue();

    long longValue();

    double doubleValue();

    /** The value as an object: a {@code String} for {@link ValueKind#STRING}, the object for OBJECT. */
    Object objectValue();

    void setBoolean(boolean value);

    void setLong(long value);

    void setDouble(double value);

    /** Sets a String (kind STRING) or any other object (kind OBJECT); null empties the cell. */
    void setObject(Object value);

    /** Empties the cell: {@link #kind()} becomes EMPTY. */
    void clear();
}
