package io.canopy.messaging;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/** A plain Paho client for tests: publishes raw bytes and records what arrives, as another program would. */
public final class RawClient implements AutoCloseable {
    public record Received(String topic, byte[] payload, boolean retained) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final MqttClient client;
    public final LinkedBlockingQueue<Received> received = new LinkedBlockingQueue<>();

    public RawClient(String url) throws MqttException {
        client = new MqttClient(url, "raw-" + System.nanoTime(), new MemoryPersistence());
        client.connect(options());
    }

    private static MqttConnectOptions options() {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        o.setSocketFactory(NoDelaySockets.plain(true));
        return o;
    }

    /**
     * Subscribes. Moquette 0.17 may drop a connection whose SUBSCRIBE follows its CONNACK too closely
     * ("SUBSCRIBE received on already closed connection"); then this connects again and retries.
     */
    public RawClient subscribe(String filter) throws MqttException {
        for (int attempt = 1; ; attempt++) {
            try {
                client.subscribe(filter, 1, (t, m) -> received.add(new Received(t, m.getPayload(), m.isRetained())));
                return this;
            } catch (MqttException e) {
                if (attempt == 3) {
                    throw e;
                }
                if (!client.isConnected()) {
                    client.connect(options());
                }
            }
        }
    }

    public void publish(String topic, byte[] payload, int qos, boolean retain) throws MqttException {
        MqttMessage m = new MqttMessage(payload);
        m.setQos(qos);
        m.setRetained(retain);
        client.publish(topic, m);
    }

    /** The next message, waiting at most 10 s (fails the test by returning null). */
    public Received next() throws InterruptedException {
        return received.poll(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws MqttException {
        if (client.isConnected()) {
            client.disconnect();
        }
        client.close();
    }
}
