package io.canopy.hardware.serial;

import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands what a link receives to a ticker's inbox ({@link io.canopy.tick.Ticker#inbox()}), so it reaches
 * the tick thread without locks (single writer: the tick thread applies it).
 *
 * <ul>
 *   <li>An {@code Event} body becomes a {@link EventKind#COMMAND} event with the wire event's name and
 *       payload, never dropped.</li>
 *   <li>Any other body (readings, states, heartbeats) becomes a {@link EventKind#SENSOR} sample named
 *       after the body field ({@code "range_reading"}, {@code "motor_state"}, ...); a full inbox drops the
 *       oldest sample. Its {@link Event#value()} carries the main number (range_m, battery percent,
 *       velocity), its payload the serialized body when it fits.</li>
 *   <li>{@code device.lost} / {@code device.back} become COMMAND events whose payload is the port path.</li>
 * </ul>
 * The Envelope itself rides along as the event's attachment (read-only). One sink per link: it keeps one
 * scratch event for the link's reader thread.
 */
public final class InboxSink implements LinkSink {
    private static final Logger LOG = LoggerFactory.getLogger(InboxSink.class);
    private static final String[] BODY_NAMES = bodyNames();

    private final EventQueue inbox;
    private final Event scratch;
    private final AtomicLong refused = new AtomicLong();
    private byte[] portBytes = new byte[0];
    private String port = "";

    public InboxSink(EventQueue inbox) {
        this.inbox = inbox;
        this.scratch = new Event(inbox.maxPayloadBytes());
    }

    private static String[] bodyNames() {
        Envelope.BodyCase[] cases = Envelope.BodyCase.values();
        String[] names = new String[cases.length];
        for (Envelope.BodyCase c : cases) {
            names[c.ordinal()] = c == Envelope.BodyCase.BODY_NOT_SET ? "envelope" : c.name().toLowerCase(Locale.ROOT);
        }
        return names;
    }

    /** The event name a body of this kind gets ({@code "range_reading"}, ...). */
    public static String eventName(Envelope.BodyCase body) {
        return BODY_NAMES[body.ordinal()];
    }

    @Override
    public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
        Envelope.BodyCase body = envelope.getBodyCase();
        if (body == Envelope.BodyCase.EVENT) {
            io.canopy.proto.Event e = envelope.getEvent();
            scratch.set(EventKind.COMMAND, e.getName(), receivedNs).attachment(envelope);
            int n = Math.min(e.getPayload().size(), scratch.maxPayloadBytes());
            e.getPayload().copyTo(scratch.payloadBuffer(), 0, 0, n);
            scratch.payload(scratch.payloadBuffer(), 0, n);
            offerCommand(link);
            return;
        }
        scratch.set(EventKind.SENSOR, BODY_NAMES[body.ordinal()], receivedNs).attachment(envelope).value(mainValue(envelope));
        inbox.offer(scratch);
    }

    private static double mainValue(Envelope e) {
        switch (e.getBodyCase()) {
            case RANGE_READING:
                return e.getRangeReading().getRangeM();
            case BATTERY_STATE:
                return e.getBatteryState().getPercent();
            case MOTOR_STATE:
                return e.getMotorState().getVelocity();
            case HEARTBEAT:
                return e.getHeartbeat().getUptimeMs();
            default:
                return 0;
        }
    }

    @Override
    public void onDeviceLost(SerialLink link, String reason) {
        linkEvent(link, SerialLink.EVENT_DEVICE_LOST);
    }

    @Override
    public void onDeviceBack(SerialLink link) {
        linkEvent(link, SerialLink.EVENT_DEVICE_BACK);
    }

    private void linkEvent(SerialLink link, String name) {
        if (!link.name().equals(port)) {
            port = link.name();
            portBytes = port.getBytes(StandardCharsets.UTF_8);
        }
        int n = Math.min(portBytes.length, scratch.maxPayloadBytes());
        scratch.set(EventKind.COMMAND, name, System.nanoTime()).payload(portBytes, 0, n);
        offerCommand(link);
    }

    /** Commands are never dropped: when the command lane is full, wait (this is an IO thread) and retry. */
    private void offerCommand(SerialLink link) {
        for (int attempt = 0; attempt < 1000; attempt++) {
            if (inbox.offer(scratch)) {
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        refused.incrementAndGet();
        LOG.error("serial {}: the inbox '{}' refused event '{}' for 1 s (its command lane is full: the tick"
                + " thread is not draining it); event dropped", link.name(), inbox.name(), scratch.name());
    }

    /** Commands given up after the inbox refused them for a second. */
    public long refused() {
        return refused.get();
    }
}
