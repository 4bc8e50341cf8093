package io.canopy.messaging;

import com.google.protobuf.CodedInputStream;
import io.canopy.proto.Envelope;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttMessage;

/**
 * Everything a node receives on one topic filter: the payload is parsed once, then handed to each sink. A
 * payload that is not an Envelope is counted and logged once per topic; an envelope whose deadline has
 * passed is counted and dropped (never executed). Nothing is thrown into Paho's thread.
 */
final class Route implements Connection.RawHandler {
    private final MqttNode node;
    final String filter;
    final CopyOnWriteArrayList<EnvelopeSink> sinks = new CopyOnWriteArrayList<>();
    final CopyOnWriteArrayList<RawListener> rawSinks = new CopyOnWriteArrayList<>();
    boolean isEmpty() {
        return sinks.isEmpty() && rawSinks.isEmpty();
    }

    private final DuplicateFilter seen = new DuplicateFilter(4096);

    /** Highest QoS any sink asked for. */
    volatile int qos;

    Route(MqttNode node, String filter) {
        this.node = node;
        this.filter = filter;
    }

    @Override
    public void onMessage(String topic, MqttMessage message) {
        byte[] payload = message.getPayload();
        for (RawListener raw : rawSinks) {
            try {
                raw.onMessage(topic, payload, message.isRetained());
            } catch (RuntimeException | Error e) {
                node.listenerFailed(topic, e);
            }
        }
        if (sinks.isEmpty()) {
            return;
        }
        Envelope envelope;
        CodedInputStream in = CodedInputStream.newInstance(payload);
        try {
            envelope = Envelope.parseFrom(in);
        } catch (IOException e) { // InvalidProtocolBufferException; nothing else from a byte array
            node.counters.unparsable.incrementAndGet();
            if (looksLikeText(payload)) { // mosquitto_pub -m stop: say what it is and how to send it instead
                warnText(topic, payload);
                return;
            }
            node.onceLog.warn("unparsable:" + topic,
                    "MQTT topic '{}': a payload of {} bytes is not a canopy.v1.Envelope (at byte offset {}: {}); dropped"
                    + " and counted, further bad payloads on this topic are only counted. Publish serialized Envelopes here.",
                    topic, payload.length, in.getTotalBytesRead(), firstSentence(e.getMessage()));
            return;
        }
        if (!envelope.getUnknownFields().asMap().isEmpty()
                || (envelope.getBodyCase() == Envelope.BodyCase.BODY_NOT_SET && looksLikeText(payload))) {
            // bytes that happen to parse (a plain "34" or "stop" from mosquitto_pub -m) are not guessed into an Envelope
            node.counters.unparsable.incrementAndGet();
            if (looksLikeText(payload)) {
                warnText(topic, payload);
            } else {
                node.onceLog.warn("unparsable:" + topic, "MQTT topic '{}': a payload of {} bytes holds fields a"
                        + " canopy.v1.Envelope does not define; dropped and counted (further ones on this topic are only"
                        + " counted). Publish an Envelope (canopy pub TOPIC --event NAME)", topic, payload.length);
            }
            return;
        }
        long deadlineNs = envelope.getDeadlineNs();
        if (deadlineNs != 0) {
            long nowNs = node.config.epochNs().getAsLong();
            if (deadlineNs - nowNs < 0) {
                node.counters.expiredRequests.incrementAndGet();
                node.onceLog.warn("expired:" + topic,
                        "MQTT topic '{}': a message from '{}' arrived {} ms after its deadline; dropped, not executed,"
                        + " and counted (further ones are only counted). Check clock sync or the sender's timeout.",
                        topic, envelope.getSource(), (nowNs - deadlineNs) / 1_000_000);
                return;
            }
        }
        if (envelope.getMessageId() != 0 && !seen.firstTime(envelope.getSource(), envelope.getMessageId())) {
            node.counters.duplicates.incrementAndGet();
            node.onceLog.warn("duplicate:" + topic,
                    "MQTT topic '{}': message {} from '{}' was already handled (a QoS 1 repeat after a reconnect); dropped"
                    + " and counted (further ones are only counted)", topic, envelope.getMessageId(), envelope.getSource());
            return;
        }
        boolean taken = false;
        for (EnvelopeSink sink : sinks) {
            taken |= sink.deliver(topic, envelope);
        }
        if (taken) {
            node.counters.received.incrementAndGet();
        }
    }

    private void warnText(String topic, byte[] payload) {
        node.onceLog.warn("unparsable:" + topic,
                "MQTT topic '{}': a payload of {} bytes is plain text ('{}'), not a canopy.v1.Envelope; dropped and"
                + " counted (further ones on this topic are only counted). Publish an Envelope (canopy pub TOPIC --event"
                + " NAME), or declare the topic as text: <bind from=\"mqtt:...\" payload=\"text\" .../>",
                topic, payload.length, preview(payload));
    }

    /** Printable UTF-8 (letters, digits, punctuation, spaces), as typed text is. */
    static boolean looksLikeText(byte[] payload) {
        if (payload.length == 0) {
            return false;
        }
        for (byte b : payload) {
            int c = b & 0xFF;
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7F) {
                return false;
            }
        }
        return true;
    }

    private static String preview(byte[] payload) {
        String s = new String(payload, 0, Math.min(payload.length, 40), StandardCharsets.UTF_8).strip();
        return payload.length > 40 ? s + "..." : s;
    }

    private static String firstSentence(String message) {
        if (message == null) {
            return "no detail";
        }
        int dot = message.indexOf('.');
        return dot < 0 ? message : message.substring(0, dot);
    }
}
