package io.canopy.hardware.device;

import io.canopy.proto.Envelope;
import io.canopy.proto.RangeReading;

/**
 * A range sensor role: keeps the latest {@code RangeReading} of one {@code sensor_id} as
 * {@code [range_m, min_m, max_m, 0]} with its arrival time.
 */
public final class RangeSensor implements DeviceRole {
    public static final int RANGE_M = 0;
    public static final int MIN_M = 1;
    public static final int MAX_M = 2;

    private final int sensorId;
    private final LatestReading latest;

    public RangeSensor(String name, int sensorId) {
        this.sensorId = sensorId;
        this.latest = new LatestReading(name, 4);
    }

    @Override
    public boolean onEnvelope(Envelope envelope, long receivedNs) {
        if (envelope.getBodyCase() != Envelope.BodyCase.RANGE_READING) {
            return false;
        }
        RangeReading r = envelope.getRangeReading();
        if (r.getSensorId() != sensorId) {
            return false;
        }
        latest.publish(receivedNs, r.getRangeM(), r.getMinM(), r.getMaxM(), 0);
        return true;
    }

    /** The latest reading (tick thread). */
    public LatestReading latest() {
        return latest;
    }

    /** The latest range in metres (NaN before the first reading). */
    public double rangeM() {
        return latest.count() == 0 ? Double.NaN : latest.value(RANGE_M);
    }
}
