package io.canopy.launch.foxglove;

/** Encodes a log line as {@code foxglove.Log}, what Foxglove's Log panel lists; into the caller's buffer. */
final class LogEncoder {
    /** foxglove.Log.Level. */
    static final int DEBUG = 1, INFO = 2, WARNING = 3, ERROR = 4;
    private final ProtoOut out = new ProtoOut();

    /** Returns the bytes written, or -1 when the line did not fit. */
    int encode(byte[] buf, int offset, int limit, long epochNs, int level, CharSequence message, String name, String file,
            int line) {
        out.into(buf, offset, limit);
        out.timestamp(1, epochNs);
        out.int32(2, level);
        out.string(3, message);
        out.string(4, name);
        out.string(5, file);
        out.fixed32(6, line);
        return out.overflowed() ? -1 : out.position() - offset;
    }
}
