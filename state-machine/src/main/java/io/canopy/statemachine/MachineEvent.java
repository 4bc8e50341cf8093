package io.canopy.statemachine;

import io.canopy.expr.Expressions;
import io.canopy.expr.MemberAccess;

/**
 * The event being processed, as the datamodel sees it ({@code _event}): SCXML 5.10.1 fields. One instance
 * per machine is refilled for every event (nothing is allocated per event); copy what you need to keep.
 */
public final class MachineEvent implements MemberAccess {
    /** The {@code type} values. */
    public static final String PLATFORM = "platform";
    public static final String INTERNAL = "internal";
    public static final String EXTERNAL = "external";

    String name;
    int eventClass;
    String type;
    String sendid;
    String origin;
    String origintype;
    String invokeid;
    public Object data;

    MachineEvent() {}

    public String name() {
        return name;
    }

    public String type() {
        return type;
    }

    /** The id of the {@code <send>} that made it, or null (ECMAScript undefined). */
    public String sendid() {
        return sendid;
    }

    public String origin() {
        return origin;
    }

    public String origintype() {
        return origintype;
    }

    public String invokeid() {
        return invokeid;
    }

    /** The payload: null, a String or number, or a {@code Map<String, Object>} of params. */
    public Object data() {
        return data;
    }

    /** A field by its SCXML name ({@code name}, {@code type}, ..., {@code data}); null for others. */
    public Object field(String field) {
        switch (field) {
            case "name":
                return name;
            case "type":
                return type;
            case "sendid":
                return sendid;
            case "origin":
                return origin;
            case "origintype":
                return origintype;
            case "invokeid":
                return invokeid;
            case "data":
                return data;
            default:
                return null;
        }
    }

    /** Expression access ({@code _event.name}, {@code _event.data}): absent fields are undefined. */
    @Override
    public Object member(String member) {
        Object v = field(member);
        return v == null ? Expressions.UNDEFINED : v;
    }

    /** Every SCXML event field exists ({@code 'sendid' in _event}), even when it holds undefined (SCXML 5.10.1). */
    @Override
    public boolean hasMember(String member) {
        switch (member) {
            case "name":
            case "type":
            case "sendid":
            case "origin":
            case "origintype":
            case "invokeid":
            case "data":
                return true;
            default:
                return false;
        }
    }

    @Override
    public String toString() {
        return name + (data == null ? "" : " " + data);
    }
}
