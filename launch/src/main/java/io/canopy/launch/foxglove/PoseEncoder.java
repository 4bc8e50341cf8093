package io.canopy.launch.foxglove;

/**
 * Encodes a planar pose (x, y, heading) as {@code foxglove.PoseInFrame} and {@code foxglove.FrameTransform}, the
 * geometry Foxglove's 3D panel draws; into the caller's buffer, allocating nothing. One instance per thread.
 */
final class PoseEncoder {
    private final ProtoOut out = new ProtoOut();

    /** PoseInFrame: the pose of the robot in {@code frame}. Returns the bytes written, or -1 when it did not fit. */
    int poseInFrame(byte[] buf, int offset, int limit, long epochNs, String frame, double x, double y, double theta) {
        out.into(buf, offset, limit);
        out.timestamp(1, epochNs);
        out.string(2, frame);
        out.begin(3);
        pose(1, 2, x, y, theta);
        out.end();
        return done(offset);
    }

    /** FrameTransform: {@code child} (the robot) in {@code parent} at (x, y, heading). Bytes written, or -1. */
    int frameTransform(byte[] buf, int offset, int limit, long epochNs, String parent, String child, double x, double y,
            double theta) {
        out.into(buf, offset, limit);
        out.timestamp(1, epochNs);
        out.string(2, parent);
        out.string(3, child);
        pose(4, 5, x, y, theta);
        return done(offset);
    }

    /** A Vector3 field and a Quaternion field (a rotation of {@code theta} about z). */
    private void pose(int vectorField, int quaternionField, double x, double y, double theta) {
        out.begin(vectorField);
        out.float64(1, x);
        out.float64(2, y);
        out.end();
        out.begin(quaternionField);
        out.float64(3, Math.sin(theta / 2));
        out.float64(4, Math.cos(theta / 2));
        out.end();
    }

    private int done(int offset) {
        return out.overflowed() ? -1 : out.position() - offset;
    }
}
