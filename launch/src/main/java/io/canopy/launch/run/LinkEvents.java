package io.canopy.launch.run;

import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.route.ProtoData;
import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.Ticker;

/** Events a link raises by itself (device.lost, device.back, Event messages no role consumed) into the node's inbox. */
final class LinkEvents implements LinkSink {
    private final Ticker ticker;
    private final LinkHealth health;
    private final Event scratch = new Event(0);

    /** @param health the link's lost/back state, which words the log line and tells MQTT */
    LinkEvents(Ticker ticker, LinkHealth health) {
        this.ticker = ticker;
        this.health = health;
    }

    @Override
    public synchronized void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
        if (envelope.hasEvent()) {
            scratch.set(EventKind.COMMAND, envelope.getEvent().getName(), receivedNs)
                    .attachment(new ProtoData(envelope.getEvent()));
            ticker.inbox().offer(scratch);
        }
    }

    @Override
    public synchronized void onDeviceLost(SerialLink link, String reason) {
        health.lost(reason);
        scratch.set(EventKind.COMMAND, SerialLink.EVENT_DEVICE_LOST, ticker.clock().nanoTime()).attachment(link.name());
        ticker.inbox().offer(scratch);
    }

    @Override
    public synchronized void onDeviceBack(SerialLink link) {
        health.back();
        scratch.set(EventKind.COMMAND, SerialLink.EVENT_DEVICE_BACK, ticker.clock().nanoTime()).attachment(link.name());
        ticker.inbox().offer(scratch);
    }
}
