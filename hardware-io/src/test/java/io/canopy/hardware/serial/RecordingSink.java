package io.canopy.hardware.serial;

import io.canopy.proto.Envelope;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records what a link delivers, for assertions from the test thread. */
final class RecordingSink implements LinkSink {
    final List<Envelope> envelopes = new CopyOnWriteArrayList<>();
    final List<String> events = new CopyOnWriteArrayList<>();
    volatile long lostAtNs;

    @Override
    public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
        envelopes.add(envelope);
    }

    @Override
    public void onDeviceLost(SerialLink link, String reason) {
        lostAtNs = System.nanoTime();
        events.add(SerialLink.EVENT_DEVICE_LOST);
    }

    @Override
    public void onDeviceBack(SerialLink link) {
        events.add(SerialLink.EVENT_DEVICE_BACK);
    }

    boolean received(String eventName) {
        for (Envelope e : envelopes) {
            if (e.hasEvent() && e.getEvent().getName().equals(eventName)) {
                return true;
            }
        }
        return false;
    }
}
