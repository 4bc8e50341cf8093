package io.canopy.launch.run;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.route.ProtoData;
import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.Ticker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Events a link raises by itself (device.lost, device.back, Event messages no role consumed) into the node's inbox. */
final class LinkEvents implements LinkSink {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRuntime.class);

    private final Ticker ticker;
    private final Event scratch = new Event(0);

    LinkEvents(Ticker ticker) {
        this.ticker = ticker;
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
        LOG.warn("serial link {}: device lost ({})", link.name(), reason);
        scratch.set(EventKind.COMMAND, SerialLink.EVENT_DEVICE_LOST, ticker.clock().nanoTime()).attachment(link.name());
        ticker.inbox().offer(scratch);
    }

    @Override
    public synchronized void onDeviceBack(SerialLink link) {
        LOG.info("serial link {}: device back", link.name());
        scratch.set(EventKind.COMMAND, SerialLink.EVENT_DEVICE_BACK, ticker.clock().nanoTime()).attachment(link.name());
        ticker.inbox().offer(scratch);
    }
}
