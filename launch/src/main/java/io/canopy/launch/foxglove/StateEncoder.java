package io.canopy.launch.foxglove;

/** Encodes a state change as {@code canopy.foxglove.v1.StateText} (a tree's running action, a machine's state). */
final class StateEncoder {
    private final ProtoOut out = new ProtoOut();

    /** Returns the bytes written, or -1 when it did not fit. */
    int encode(byte[] buf, int offset, int limit, long epochNs, String source, String value, long changes) {
        out.into(buf, offset, limit);
        out.timestamp(1, epochNs);
        out.string(2, source);
        out.string(3, value);
        out.int64(4, changes);
        return out.overflowed() ? -1 : out.position() - offset;
    }
}
