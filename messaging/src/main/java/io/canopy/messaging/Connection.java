package io.canopy.messaging;

import io.canopy.InputException;
import io.canopy.messaging.broker.OwnClients;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MQTT 3.1.1 connection (Paho {@code mqttv3} async client) that survives its broker: it connects in the
 * background, reconnects with exponential backoff (min to max, doubling, with jitter) after any loss,
 * restores its subscriptions, keeps QoS 1/2 publishes in a bounded buffer while disconnected (the oldest is
 * dropped and counted when full) and re-sends those whose delivery failed with the connection. It announces
 * a retained {@code online} on its state topic, leaves a Last Will of {@code offline}, and says
 * {@code offline} itself on a clean close.
 *
 * <p>Threads: Paho's callback thread only hands work to this connection's own IO thread
 * ({@code canopy-mqtt-<client id>}); nothing thrown ever reaches Paho (an exception there would drop the
 * connection). Publishing is safe from any thread; it never blocks on the network.
 */
public final class Connection implements MqttCallbackExtended {
    private static final Logger LOG = LoggerFactory.getLogger(Connection.class);
    static final byte[] ONLINE = "online".getBytes(StandardCharsets.US_ASCII);
    static final byte[] OFFLINE = "offline".getBytes(StandardCharsets.US_ASCII);

    /** A handler for the raw payloads of one topic filter; called on Paho's callback thread, must not throw. */
    @FunctionalInterface
    interface RawHandler {
        void onMessage(String topic, MqttMessage message);
    }

    /** One publish waiting in the outage buffer, or in flight (its token's user context). */
    private record Pending(String topic, byte[] payload, int qos, boolean retain) {}

    private final String serverUri;
    private final NodeConfig config;
    private final String stateTopic;
    private final Counters counters;
    private final MqttAsyncClient client;
    private final MqttConnectOptions options;
    private final ScheduledExecutorService io;
    private final Subscriptions subs;

    private final Object lock = new Object();
    /** Guarded by lock. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final AtomicInteger pendingCount = new AtomicInteger();
    private final Runnable drainTask = this::drain;
    private final MessageSizeLimit sizeLimit;
    private final String clientId;
    private final IMqttActionListener deliveryListener = new DeliveryListener();

    private volatile boolean connected;
    private volatile String lastError;
    /** Set when the broker refused this client's login (CONNACK 4 or 5); cleared by a successful connection. */
    private volatile String refusal;
    private volatile boolean closing;
    private volatile CountDownLatch connectedLatch = new CountDownLatch(1);
    /** IO thread only. */
    private long backoffMs;
    private boolean outageReported;
    private boolean overflowReported;

    Connection(String serverUri, String clientId, NodeConfig config, String stateTopic, Counters counters) {
        this.serverUri = serverUri;
        this.config = config;
        this.stateTopic = stateTopic;
        this.counters = counters;
        this.backoffMs = config.reconnectMinMs();
        ScheduledThreadPoolExecutor exec = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "canopy-mqtt-" + clientId);
            t.setDaemon(true);
            return t;
        });
        exec.setRemoveOnCancelPolicy(true);
        this.io = exec;
        try {
            // keep-alive pings are scheduled on the IO thread (a ping only queues a PINGREQ): one thread fewer
            // than Paho's default, which starts a java.util.Timer thread per client for them
            this.client = new MqttAsyncClient(serverUri, clientId, new MemoryPersistence(),
                    new IoPingSender(exec));
        } catch (MqttException e) {
            exec.shutdownNow();
            throw new IllegalArgumentException("MQTT client for " + serverUri + ": " + e.getMessage(), e);
        }
        client.setCallback(this);
        this.subs = new Subscriptions(client, counters);
        this.options = connectOptions(serverUri, config, stateTopic);
        if (stateTopic != null) {
            subs.add(stateTopic, 1, this::onOwnState);
        }
        this.sizeLimit = new MessageSizeLimit(config.maxMessageBytes());
        this.clientId = clientId;
        OwnClients.add(String.valueOf(clientId)); // an embedded broker of this process does not rate-limit it
    }

    private static MqttConnectOptions connectOptions(String serverUri, NodeConfig config, String stateTopic) {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        o.setCleanSession(!config.persistentSession()); // persistent: the broker keeps subscriptions and queued QoS 1
        o.setAutomaticReconnect(false); // ours: it also covers the first connection and restores subscriptions
        o.setKeepAliveInterval(config.keepAliveS());
        o.setConnectionTimeout(config.connectTimeoutS());
        // a quarter of the outage buffer: what is in flight when the connection breaks goes back into that buffer,
        // and must leave room there for what the node publishes during the outage
        o.setMaxInflight(Math.max(64, Math.min(config.outageBufferSize() / 4, 65535)));
        o.setSocketFactory(serverUri.startsWith("ssl://")
                ? NoDelaySockets.tls(config.tlsCaFile(), config.tcpNoDelay())
                : NoDelaySockets.plain(config.tcpNoDelay()));
        if (config.username() != null) {
            o.setUserName(config.username());
        }
        char[] password = config.password();
        if (password != null) {
            o.setPassword(password);
        }
        if (stateTopic != null) {
            o.setWill(stateTopic, OFFLINE, 1, true);
        }
        return o;
    }

    String serverUri() {
        return serverUri;
    }

    /** Starts connecting in the background; returns at once. */
    void start() {
        io.execute(this::attemptConnect);
    }

    boolean isConnected() {
        return connected;
    }

    /**
     * Waits until connected (or the timeout passes); true when connected. A connection the broker drops at once (the
     * embedded broker can close one whose first SUBSCRIBE overtakes its own bookkeeping of the CONNECT) is waited
     * through: the reconnect that follows counts, not the drop.
     */
    boolean awaitConnected(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            CountDownLatch latch = connectedLatch;
            long left = deadline - System.nanoTime();
            if (connected || closing || left <= 0) {
                return connected;
            }
            if (refusal != null) {
                throw new InputException(refusal); // a configuration error: waiting longer changes nothing
            }
            if (latch.await(left, TimeUnit.NANOSECONDS) && !connected && latch == connectedLatch) {
                // lost between the count-down and this read, before connectionLost replaced the latch
                LockSupport.parkNanos(1_000_000L);
            }
        }
    }

    int buffered() {
        return pendingCount.get();
    }

    // ---------------------------------------------------------------- connecting

    private void attemptConnect() {
        if (closing || connected) {
            return;
        }
        try {
            client.connect(options, null, new IMqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    io.execute(Connection.this::onConnected);
                }

                @Override
                public void onFailure(IMqttToken token, Throwable cause) {
                    counters.connectFailures.incrementAndGet();
                    io.execute(() -> onConnectFailed(cause));
                }
            });
        } catch (MqttException e) {
            counters.connectFailures.incrementAndGet();
            onConnectFailed(e);
        } catch (RuntimeException e) {
            counters.connectFailures.incrementAndGet();
            onConnectFailed(e);
        }
    }

    String lastError() {
        return lastError;
    }

    private void onConnectFailed(Throwable cause) {
        lastError = describe(cause);
        if (closing) {
            return;
        }
        String refused = LoginRefusal.of(cause, serverUri, config.username());
        if (refused != null) {
            boolean first = refusal == null;
            refusal = refused;
            lastError = refused;
            if (first && (config.warnFirstConnectFailure() || counters.connects.get() > 0)) {
                // once (a one-shot command reports it itself); further refusals are counted (connectFailures)
                LOG.error("{}; retrying every {} ms in case the broker's side is fixed", refused, config.reconnectMaxMs());
            }
            connectedLatch.countDown(); // a waiting one-shot command learns it now, not after its timeout
            outageReported = true;
            backoffMs = config.reconnectMaxMs();
            scheduleReconnect();
            return;
        }
        if (!outageReported) {
            outageReported = true;
            String format = "MQTT broker {} not reachable ({}); retrying every {}..{} ms, QoS 1 publishes wait in a buffer of {}";
            if (config.warnFirstConnectFailure() || counters.connects.get() > 0) {
                LOG.warn(format, serverUri, describe(cause), config.reconnectMinMs(), config.reconnectMaxMs(),
                        config.outageBufferSize());
            } else {
                // the caller waits for the first connection and reports the failure itself, as one line
                LOG.debug(format, serverUri, describe(cause), config.reconnectMinMs(), config.reconnectMaxMs(),
                        config.outageBufferSize());
            }
        }
        scheduleReconnect();
    }

    private void scheduleReconnect() {
        if (closing) {
            return;
        }
        long delay = backoffMs + ThreadLocalRandom.current().nextLong(backoffMs / 5 + 1);
        backoffMs = Math.min(backoffMs * 2, config.reconnectMaxMs());
        io.schedule(this::attemptConnect, delay, TimeUnit.MILLISECONDS);
    }

    private void onConnected() {
        if (closing) {
            return;
        }
        connected = true;
        refusal = null;
        backoffMs = config.reconnectMinMs();
        boolean outageWarned = outageReported && (config.warnFirstConnectFailure() || counters.connects.get() > 0);
        counters.connects.incrementAndGet();
        if (outageWarned) {
            LOG.info("MQTT broker {} reachable again; restoring {} subscriptions, sending {} buffered messages",
                    serverUri, subs.size(), pendingCount.get());
        }
        outageReported = false;
        overflowReported = false;
        for (Map.Entry<String, Subscriptions.Sub> e : subs.all().entrySet()) {
            subs.subscribeNow(e.getKey(), e.getValue());
        }
        if (stateTopic != null) {
            sendDirect(stateTopic, ONLINE, 1, true);
        }
        drain();
        connectedLatch.countDown();
    }

    @Override
    public void connectComplete(boolean reconnect, String serverURI) {
        // handled by the connect token's listener (onConnected), which also covers the first connection
    }

    @Override
    public void connectionLost(Throwable cause) {
        connected = false;
        lastError = describe(cause);
        connectedLatch = new CountDownLatch(1);
        counters.connectionLosses.incrementAndGet();
        if (closing) {
            return;
        }
        io.execute(() -> {
            if (!outageReported) {
                outageReported = true;
                LOG.warn("MQTT connection to {} lost ({}); reconnecting every {}..{} ms, QoS 1 publishes wait in a"
                        + " buffer of {}", serverUri, describe(cause), config.reconnectMinMs(), config.reconnectMaxMs(),
                        config.outageBufferSize());
            }
            scheduleReconnect();
        });
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        subs.unrouted(topic, message); // every subscription has its own listener: only what none of them takes
    }

    @Override
    public void deliveryComplete(IMqttDeliveryToken token) {
        if (pendingCount.get() > 0 && connected) {
            io.execute(drainTask);
        }
    }

    // ---------------------------------------------------------------- subscriptions

    /** Subscribes now if connected, and again after every reconnect. One handler per filter. */
    void subscribe(String filter, int qos, RawHandler handler) {
        Subscriptions.Sub sub = subs.add(filter, qos, handler);
        if (connected) {
            io.execute(() -> {
                if (connected) {
                    subs.subscribeNow(filter, sub);
                }
            });
        }
    }

    /**
     * Waits until the broker has acknowledged the subscription to {@code filter} (SUBACK: retained messages are on
     * their way), at most {@code timeoutMs}; false when it has not, or there is no such subscription.
     */
    boolean awaitSubscribed(String filter, long timeoutMs) throws InterruptedException {
        return subs.awaitSubscribed(filter, timeoutMs);
    }

    void unsubscribe(String filter) {
        if (subs.remove(filter) != null && connected) {
            try {
                client.unsubscribe(filter);
            } catch (MqttException e) {
                LOG.debug("unsubscribe {}: {}", filter, e.toString());
            }
        }
    }

    /** Our own state topic: when a stale Will of a previous connection says offline while we run, say online again. */
    private void onOwnState(String topic, MqttMessage message) {
        if (!closing && connected && Arrays.equals(message.getPayload(), OFFLINE)) {
            io.execute(() -> sendDirect(stateTopic, ONLINE, 1, true));
        }
    }

    // ---------------------------------------------------------------- publishing

    /**
     * Publishes, or buffers a QoS 1/2 message while disconnected (in order; when the buffer is full the
     * oldest is dropped and counted). A QoS 0 message is dropped and counted while disconnected.
     */
    void publish(String topic, byte[] payload, int qos, boolean retain) {
        if (sizeLimit.refuses(topic, payload.length, qos)) {
            return;
        }
        Pending p = new Pending(topic, payload, qos, retain);
        boolean drainLater = false;
        synchronized (lock) {
            // QoS 0 never waits behind the buffer; QoS 1/2 keep their order behind it
            if (connected && (qos == 0 || pending.isEmpty()) && trySend(p)) {
                return;
            }
            if (qos == 0) {
                counters.droppedDisconnected.incrementAndGet();
                return;
            }
            enqueueLocked(p, false);
            drainLater = connected;
        }
        if (drainLater) {
            io.execute(drainTask);
        }
    }

    /** Sends without the buffer (state announcements); drops when not connected. */
    private void sendDirect(String topic, byte[] payload, int qos, boolean retain) {
        try {
            client.publish(topic, payload, qos, retain);
        } catch (MqttException e) {
            LOG.debug("state publish on {} failed: {}", topic, e.toString());
        }
    }

    /** True when Paho took the message; false when it must wait (not connected, too many in flight). */
    private boolean trySend(Pending p) {
        try {
            client.publish(p.topic(), p.payload(), p.qos(), p.retain(), p, deliveryListener);
            counters.published.incrementAndGet();
            return true;
        } catch (MqttException e) {
            return false;
        } catch (RuntimeException e) { // IllegalArgumentException for an invalid topic: a programmer error
            throw new IllegalArgumentException("MQTT publish to '" + p.topic() + "': " + e.getMessage(), e);
        }
    }

    private void enqueueLocked(Pending p, boolean atFront) {
        if (pending.size() >= config.outageBufferSize()) {
            Pending dropped = atFront ? null : pending.pollFirst();
            counters.bufferOverflows.incrementAndGet();
            if (!overflowReported) {
                overflowReported = true;
                LOG.warn("MQTT outage buffer full ({} messages): dropping the oldest QoS 1 message (topic '{}') and"
                        + " counting every further drop; raise outageBufferSize if outages are longer",
                        config.outageBufferSize(), atFront ? p.topic() : dropped.topic());
            }
            if (atFront) {
                return;
            }
        } else {
            pendingCount.incrementAndGet();
        }
        if (atFront) {
            pending.addFirst(p);
        } else {
            pending.addLast(p);
        }
    }

    private void drain() {
        synchronized (lock) {
            while (connected && !pending.isEmpty()) {
                if (!trySend(pending.peekFirst())) {
                    return; // not connected any more, or the in-flight window is full: deliveryComplete drains again
                }
                pending.pollFirst();
                pendingCount.decrementAndGet();
            }
        }
    }

    /** Paho failed to deliver a publish (the connection went): send it again after reconnecting. */
    private final class DeliveryListener implements IMqttActionListener {
        @Override
        public void onSuccess(IMqttToken token) {
            // delivered (QoS 0: written; QoS 1: PUBACK; QoS 2: PUBCOMP)
        }

        @Override
        public void onFailure(IMqttToken token, Throwable cause) {
            if (!(token.getUserContext() instanceof Pending p) || p.qos() == 0 || closing) {
                return;
            }
            counters.resent.incrementAndGet();
            io.execute(() -> {
                synchronized (lock) {
                    enqueueLocked(p, true);
                }
                if (connected) {
                    drain();
                }
            });
        }
    }

    // ---------------------------------------------------------------- closing

    /**
     * Clean shutdown: publishes {@code offline} (retained) when connected, waits up to {@code timeoutMs} for
     * it and for the in-flight messages, disconnects and stops the IO thread. Buffered messages that could not
     * be sent are counted as overflows and logged.
     */
    void close(long timeoutMs) {
        if (closing) {
            return;
        }
        closing = true;
        try {
            if (connected) {
                if (stateTopic != null) {
                    try {
                        client.publish(stateTopic, OFFLINE, 1, true).waitForCompletion(timeoutMs);
                    } catch (MqttException e) {
                        LOG.warn("MQTT: could not publish offline on {} ({}); the broker's Last Will says it instead",
                                stateTopic, describe(e));
                    }
                }
                client.disconnect(timeoutMs).waitForCompletion(timeoutMs + 1000);
            }
        } catch (MqttException e) {
            LOG.debug("MQTT disconnect: {}", e.toString());
        } finally {
            io.shutdownNow();
            try {
                client.disconnectForcibly(0, 100, false);
            } catch (MqttException e) {
                LOG.trace("disconnectForcibly: {}", e.toString());
            }
            PahoThreads.awaitEnd(String.valueOf(clientId), 1000);
            try {
                client.close(true);
            } catch (MqttException e) {
                LOG.trace("close: {}", e.toString());
            }
            connected = false;
            OwnClients.remove(String.valueOf(clientId));
            int lost = pendingCount.get();
            if (lost > 0) {
                counters.bufferOverflows.addAndGet(lost);
                LOG.warn("MQTT: closed with {} QoS 1 messages still buffered (broker {} unreachable); they were not sent",
                        lost, serverUri);
            }
        }
    }

    public static String describe(Throwable t) {
        if (t == null) {
            return "no cause given";
        }
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String msg = t.getMessage();
        if (root != t && root.getMessage() != null) {
            msg = (msg == null ? "" : msg + ": ") + root.getMessage();
        }
        return msg == null ? t.getClass().getSimpleName() : msg;
    }
}
