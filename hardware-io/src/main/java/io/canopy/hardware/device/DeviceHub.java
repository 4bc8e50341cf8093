package io.canopy.hardware.device;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.proto.Envelope;

/**
 * The {@link LinkSink} of a link with devices on it: offers each received Envelope to the roles in
 * order; what no role consumes (events, unknown messages) and the link's {@code device.lost} /
 * {@code device.back} go on to the downstream sink (typically the ticker's inbox adapter). Roles see
 * lost/back before the downstream sink does, so a motor controller has stopped before a tree hears of it.
 */
public final class DeviceHub implements LinkSink {
    private static final LinkSink NOWHERE = (link, envelope, receivedNs) -> { };

    private final DeviceRole[] roles;
    private final LinkSink downstream;
    private volatile boolean forwardConsumed;

    public DeviceHub(LinkSink downstream, DeviceRole... roles) {
        this.downstream = downstream == null ? NOWHERE : downstream;
        this.roles = roles.clone();
    }

    @Override
    public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
        for (DeviceRole role : roles) {
            if (role.onEnvelope(envelope, receivedNs)) {
                if (forwardConsumed) {
                    downstream.onEnvelope(link, envelope, receivedNs);
                }
                return;
            }
        }
        downstream.onEnvelope(link, envelope, receivedNs);
    }

    /**
     * Also forwards what a role consumed (readings as events as well as latest values). Off by default.
     * Set before the link starts.
     */
    public DeviceHub forwardConsumed(boolean forward) {
        this.forwardConsumed = forward;
        return this;
    }

    @Override
    public void onDeviceLost(SerialLink link, String reason) {
        for (DeviceRole role : roles) {
            role.onDeviceLost(link);
        }
        downstream.onDeviceLost(link, reason);
    }

    @Override
    public void onDeviceBack(SerialLink link) {
        for (DeviceRole role : roles) {
            role.onDeviceBack(link);
        }
        downstream.onDeviceBack(link);
    }
}
