package io.canopy.hardware.device;

import io.canopy.proto.Envelope;

/** A battery role: keeps the latest {@code BatteryState} as {@code [voltage, percent]}. */
public final class BatteryMonitor implements DeviceRole {
    public static final int VOLTAGE = 0;
    public static final int PERCENT = 1;

    private final LatestReading latest;

    public BatteryMonitor(String name) {
        this.latest = new LatestReading(name, 2);
    }

    @Override
    public boolean onEnvelope(Envelope envelope, long receivedNs) {
        if (envelope.getBodyCase() != Envelope.BodyCase.BATTERY_STATE) {
            return false;
        }
        latest.publish(receivedNs, envelope.getBatteryState().getVoltage(), envelope.getBatteryState().getPercent());
        return true;
    }

    public LatestReading latest() {
        return latest;
    }
}
