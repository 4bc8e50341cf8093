package io.canopy.messaging;

import io.canopy.OnceLog;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's own client does not send a message the broker would refuse (and disconnect it for): one over
 * {@link NodeConfig#maxMessageBytes()}, measured as MQTT measures it (the packet's remaining length: topic, packet
 * id, payload). It is dropped, counted, and reported as one WARN line per topic.
 */
final class MessageSizeLimit {
    private static final Logger LOG = LoggerFactory.getLogger(MessageSizeLimit.class);
    private final int maxBytes;
    private final OnceLog once = new OnceLog(LOG);
    private final AtomicLong refused = new AtomicLong();

    MessageSizeLimit(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The remaining length of a PUBLISH packet. */
    static long packetBytes(String topic, int payloadBytes, int qos) {
        long topicBytes = topic.getBytes(StandardCharsets.UTF_8).length;
        return 2 + topicBytes + (qos > 0 ? 2 : 0) + payloadBytes;
    }

    /** True (and counted, and reported once per topic) when the message is too large to send. */
    boolean refuses(String topic, int payloadBytes, int qos) {
        if (payloadBytes + 4L + topic.length() * 3L <= maxBytes) {
            return false; // the common case, without encoding the topic
        }
        long size = packetBytes(topic, payloadBytes, qos);
        if (size <= maxBytes) {
            return false;
        }
        refused.incrementAndGet();
        once.warn(topic, "MQTT: not publishing {} bytes on '{}': over the {} KB message limit (the broker would refuse it"
                + " and disconnect the node); send less, or raise <mqtt max_message_kb> (and the broker's own limit)"
                + " (once per topic; counted)", size, topic, maxBytes / 1024);
        return true;
    }

    long refused() {
        return refused.get();
    }
}
