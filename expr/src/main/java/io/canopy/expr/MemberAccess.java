package io.canopy.expr;

/**
 * Lets scripts read (and optionally write) members of a Java object: {@code _event.name}, {@code
 * _event.data.x}, {@code _event.data['x']}. Maps, lists, arrays and strings ({@code length}) are handled
 * without this interface; implement it for other objects such as an SCXML event.
 */
public interface MemberAccess {
    /**
     * The member's value (same value rules as {@link ExprFunction}), or {@link Expressions#UNDEFINED} when the
     * object has no such member.
     */
    Object member(String name);

    /**
     * Whether the object has the member, for ECMAScript {@code 'name' in obj}: a member may exist and hold
     * undefined. The default: {@link #member} is not undefined.
     */
    default boolean hasMember(String name) {
        return member(name) != Expressions.UNDEFINED;
    }

    /**
     * Writes a member ({@code obj.name = value}). The default refuses: the object is read-only.
     *
     * @throws UnsupportedOperationException when the member cannot be written
     */
    default void setMember(String name, Object value) {
        throw new UnsupportedOperationException("member '" + name + "' is read-only");
    }
}
