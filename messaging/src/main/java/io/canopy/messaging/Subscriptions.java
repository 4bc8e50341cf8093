package io.canopy.messaging;

import io.canopy.OnceLog;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttMessageListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection's subscriptions and the acknowledgement of what they receive. Paho runs with manual
 * acknowledgements: a QoS 1/2 message is acknowledged to the broker (PUBACK / PUBCOMP) only after its handler
 * returned, that is once the node has taken it (a handler that hands commands to a full inbox waits there), so
 * a message the node never took stays the broker's to deliver again. A message for a filter the node no longer
 * subscribes to (a restored persistent session) is acknowledged, counted and logged once per topic.
 * {@code acked} of a subscription completes on the broker's SUBACK.
 */
final class Subscriptions {
    private static final Logger LOG = LoggerFactory.getLogger(Subscriptions.class);

    /** A subscription; {@code acked} completes when the broker has acknowledged it (SUBACK) on a connection. */
    record Sub(int qos, IMqttMessageListener listener, CompletableFuture<Void> acked) {}

    private final MqttAsyncClient client;
    private final Counters counters;
    private final OnceLog onceLog = new OnceLog(LOG);
    private final Map<String, Sub> subs = new ConcurrentHashMap<>();

    Subscriptions(MqttAsyncClient client, Counters counters) {
        this.client = client;
        this.counters = counters;
        client.setManualAcks(true);
    }

    int size() {
        return subs.size();
    }

    /** Registers {@code handler} for {@code filter} (replacing any other); returns the subscription to send. */
    Sub add(String filter, int qos, Connection.RawHandler handler) {
        IMqttMessageListener listener = (topic, message) -> {
            try {
                handler.onMessage(topic, message);
            } catch (Throwable t) { // never into Paho: it would drop the connection
                counters.listenerErrors.incrementAndGet();
                LOG.error("MQTT topic '{}': handler failed: {}", topic, t.toString());
            } finally {
                ack(message); // the handler returned: the node has taken it (or dropped it with a counted reason)
            }
        };
        Sub sub = new Sub(qos, listener, new CompletableFuture<>());
        subs.put(filter, sub);
        return sub;
    }

    Sub remove(String filter) {
        return subs.remove(filter);
    }

    Map<String, Sub> all() {
        return subs;
    }

    /** A message no subscription's listener took: a topic the node no longer subscribes to. Paho's thread. */
    void unrouted(String topic, MqttMessage message) {
        counters.unrouted.incrementAndGet();
        onceLog.warn("unrouted:" + topic, "MQTT topic '{}': a message arrived that no subscription of this node takes"
                + " (a persistent session restored with a topic the node no longer binds); acknowledged, dropped and"
                + " counted (further ones on this topic are only counted). Clear the old session: connect once with a"
                + " clean session, or give the node another client id", topic);
        ack(message);
    }

    private void ack(MqttMessage message) {
        if (message.getQos() == 0) {
            return;
        }
        try {
            client.messageArrivedComplete(message.getId(), message.getQos());
        } catch (MqttException | RuntimeException e) {
            // the connection went: the broker delivers the message again, and the duplicate filter knows it
            LOG.debug("MQTT acknowledgement of message {} failed: {}", message.getId(), e.toString());
        }
    }

    /**
     * Waits until the broker has acknowledged the subscription to {@code filter}, at most {@code timeoutMs}; false
     * when it has not, or there is no such subscription.
     */
    boolean awaitSubscribed(String filter, long timeoutMs) throws InterruptedException {
        Sub sub = subs.get(filter);
        if (sub == null) {
            return false;
        }
        try {
            sub.acked().get(timeoutMs, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        }
    }

    /** Sends SUBSCRIBE for {@code sub} (still the one for {@code filter}); {@code acked} completes on the SUBACK. */
    void subscribeNow(String filter, Sub sub) {
        if (subs.get(filter) != sub) {
            return;
        }
        try {
            client.subscribe(filter, sub.qos(), null, new IMqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    int[] granted = token.getGrantedQos();
                    if (granted != null && granted.length > 0 && granted[0] == 0x80) {
                        refused(filter, "the broker refused it (SUBACK 0x80): check its ACL for this user and filter");
                        return;
                    }
                    sub.acked().complete(null);
                }

                @Override
                public void onFailure(IMqttToken token, Throwable cause) {
                    refused(filter, Connection.describe(cause));
                }
            }, sub.listener());
        } catch (MqttException e) {
            LOG.warn("MQTT subscribe to '{}' failed ({}); it is retried after the next reconnect", filter,
                    Connection.describe(e));
        }
    }

    private void refused(String filter, String why) {
        onceLog.warn("suback:" + filter, "MQTT subscribe to '{}' failed ({}); it is retried after the next reconnect",
                filter, why);
    }
}
