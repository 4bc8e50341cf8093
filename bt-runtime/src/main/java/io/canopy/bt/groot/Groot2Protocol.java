package io.canopy.bt.groot;

/**
 * Constants of the Groot2 monitoring protocol (BehaviorTree.CPP 4.x {@code groot2_protocol.h}, protocol 2).
 * A request's first frame is 6 bytes: protocol id (u8), request type (u8, an ASCII letter), unique id (u32,
 * little-endian). A reply's first frame echoes those 6 bytes and adds the tree's 16-byte UUID; further
 * frames carry the payload. A bad request gets the two frames {@code "error"} and a reason.
 */
final class Groot2Protocol {
    static final int PROTOCOL_ID = 2;
    static final int REQUEST_HEADER_SIZE = 6;
    static final int REPLY_HEADER_SIZE = 22;

    static final byte FULLTREE = 'T';
    static final byte STATUS = 'S';
    static final byte BLACKBOARD = 'B';
    static final byte HOOK_INSERT = 'I';
    static final byte HOOK_REMOVE = 'R';
    static final byte BREAKPOINT_REACHED = 'N';
    static final byte BREAKPOINT_UNLOCK = 'U';
    static final byte HOOKS_DUMP = 'D';
    static final byte REMOVE_ALL_HOOKS = 'A';
    static final byte DISABLE_ALL_HOOKS = 'X';
    static final byte TOGGLE_RECORDING = 'r';
    static final byte GET_TRANSITIONS = 't';

    /** A status shown in Groot2 for an IDLE node that was {@code previous} before: 10 + previous. */
    static final int IDLE_FROM = 10;

    /** Bytes per node in the STATUS reply: uid (u16 LE) and status (u8). */
    static final int STATUS_RECORD = 3;
    /** Bytes per transition in GET_TRANSITIONS and .btlog: time (6 bytes LE, µs), uid (u16 LE), status (u8). */
    static final int TRANSITION_RECORD = 9;

    private Groot2Protocol() {}
}
