package io.canopy.hardware.device;

import io.canopy.proto.Envelope;
import io.canopy.proto.Imu;

/**
 * An IMU role: keeps the latest {@code Imu} of one {@code sensor_id} as {@code [qx, qy, qz, qw, wx, wy,
 * wz, ax, ay, az]} (quaternion, rad/s, m/s²).
 */
public final class ImuSensor implements DeviceRole {
    private final int sensorId;
    private final LatestReading latest;
    private final double[] scratch = new double[10];

    public ImuSensor(String name, int sensorId) {
        this.sensorId = sensorId;
        this.latest = new LatestReading(name, 10);
    }

    @Override
    public boolean onEnvelope(Envelope envelope, long receivedNs) {
        if (envelope.getBodyCase() != Envelope.BodyCase.IMU || envelope.getImu().getSensorId() != sensorId) {
            return false;
        }
        Imu m = envelope.getImu();
        double[] v = scratch;
        v[0] = m.getOrientationX();
        v[1] = m.getOrientationY();
        v[2] = m.getOrientationZ();
        v[3] = m.getOrientationW();
        v[4] = m.getAngularVelocityX();
        v[5] = m.getAngularVelocityY();
        v[6] = m.getAngularVelocityZ();
        v[7] = m.getLinearAccelerationX();
        v[8] = m.getLinearAccelerationY();
        v[9] = m.getLinearAccelerationZ();
        latest.publishAll(receivedNs, v);
        return true;
    }

    public LatestReading latest() {
        return latest;
    }
}
