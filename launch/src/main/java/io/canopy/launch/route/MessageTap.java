package io.canopy.launch.route;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.canopy.hardware.device.DeviceRole;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.messaging.Publisher;
import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The first role on a link: sees every received Envelope (and consumes none, so the motor controller and
 * sensor roles after it still get theirs) and carries out the {@code <bind>}s whose source is a message on
 * this link: into the ticker's inbox for blackboard entries and events, straight to MQTT for topics.
 * Runs on the link's reader thread; its scratch event is that thread's own.
 */
public final class MessageTap implements DeviceRole {
    /** One bind whose source is a message of this link. */
    record Tap(Envelope.BodyCase body, int id, FieldDescriptor field, boolean boxed, String key, EventKind kind,
            Publisher<Envelope> publisher) {}

    private final List<Tap> taps = new ArrayList<>();
    private final EventQueue inbox;
    private final Event scratch = new Event(0);
    private final AtomicLong refused = new AtomicLong();
    private Drops drops = new Drops("node");

    public MessageTap(EventQueue inbox) {
        this.inbox = inbox;
    }

    /** Load time: where refused events are counted (the outbox's, which logs them). */
    void drops(Drops d) {
        this.drops = d;
    }

    void add(Tap tap) {
        taps.add(tap);
    }

    boolean isEmpty() {
        return taps.isEmpty();
    }

    long refused() {
        return refused.get();
    }

    @Override
    public boolean onEnvelope(Envelope envelope, long receivedNs) {
        Envelope.BodyCase body = envelope.getBodyCase();
        for (int i = 0; i < taps.size(); i++) {
            Tap t = taps.get(i);
            if (t.body != body) {
                continue;
            }
            Message message = bodyOf(envelope);
            if (t.id >= 0 && idOf(message) != t.id) {
                continue;
            }
            if (t.publisher != null) {
                t.publisher.publish(envelope);
                continue;
            }
            scratch.set(t.kind, t.key, receivedNs);
            if (t.field != null) {
                double v = ProtoData.number(message, t.field);
                scratch.value(v);
                if (t.boxed) {
                    scratch.attachment(v); // the event's data, boxed here on the IO thread, never on the tick thread
                }
            } else {
                scratch.attachment(new ProtoData(message));
            }
            if (!inbox.offer(scratch)) { // the link's reader thread cannot wait: the link would stall
                refused.incrementAndGet();
                drops.count(Drops.Cause.INBOX_FULL_SERIAL);
            }
        }
        return false;
    }

    @Override
    public void onDeviceLost(SerialLink link) {
        // the link's downstream sink raises device.lost into the inbox
    }

    static Message bodyOf(Envelope e) {
        FieldDescriptor f = Envelope.getDescriptor().findFieldByNumber(e.getBodyCase().getNumber());
        return f == null ? e : (Message) e.getField(f);
    }

    /** The sensor_id or motor_id of a message, or -1 when it has none. */
    static int idOf(Message m) {
        FieldDescriptor f = m.getDescriptorForType().findFieldByName("sensor_id");
        if (f == null) {
            f = m.getDescriptorForType().findFieldByName("motor_id");
        }
        return f == null ? -1 : (Integer) m.getField(f);
    }
}
