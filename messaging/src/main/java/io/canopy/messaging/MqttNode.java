package io.canopy.messaging;

import com.google.protobuf.Message;
import io.canopy.OnceLog;
import io.canopy.messaging.broker.BrokerLimits;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.messaging.service.ReplyRouter;
import io.canopy.messaging.service.ServiceClient;
import io.canopy.messaging.service.ServiceHandler;
import io.canopy.messaging.service.ServiceServer;
import io.canopy.proto.Envelope;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A named participant on MQTT, in the spirit of rosjava's {@code ConnectedNode}: it has a name, a namespace
 * and remappings, and creates typed {@link Publisher}s, {@link Subscriber}s, {@link ServiceServer}s and
 * {@link ServiceClient}s for the protobuf messages of {@code messages.proto}, every payload being a
 * serialized {@link Envelope}. TopicNames resolve as in ROS: {@code cmd} is {@code <ns>/cmd}, {@code ~range} is
 * {@code <ns>/<node>/range}, {@code /fleet/x} is {@code fleet/x}; a remapping {@code from:=to} redirects one.
 *
 * <p>{@link #start} returns at once and connects in the background (starting the embedded broker first when
 * the configuration says {@code embedded}); it keeps reconnecting with backoff for its whole life. The node
 * announces a retained {@code online} on {@code <ns>/<node>/state}, with a Last Will of {@code offline}, and
 * {@link #close()} says {@code offline} itself. Thread-safe.
 */
public final class MqttNode implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MqttNode.class);
    private static final long CLOSE_TIMEOUT_MS = 2000;

    public final NodeConfig config;
    public final Counters counters = new Counters();
    public final OnceLog onceLog = new OnceLog(LOG);
    private final TopicNames names;
    private final NodeMain main;
    private final EmbeddedBroker broker;
    private final Connection connection;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private volatile ReplyRouter replyRouter;
    private volatile ExecutorService services;
    private volatile ScheduledExecutorService timers;
    private volatile boolean closed;
    /** Message ids for at-least-once publishes: a random start per process run, so a restart never reuses one. */
    private final AtomicLong messageIds =
            new AtomicLong(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE >>> 1));

    private MqttNode(NodeConfig config, NodeMain main) {
        this.config = config;
        this.main = main;
        this.names = new TopicNames(config.namespace(), config.nodeName(), config.remappings());
        this.broker = config.embedded() ? EmbeddedBroker.start(config.embeddedPort(),
                new BrokerLimits(config.maxMessageBytes(), BrokerLimits.DEFAULT.clientRate())) : null;
        String uri = broker != null ? broker.url() : config.broker();
        String clientId = config.clientId() != null ? config.clientId()
                : config.persistentSession() ? "canopy-" + names.nodePath().replace('/', '-') // stable: the broker keeps its session
                : "canopy-" + names.nodePath().replace('/', '-') + "-"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        String stateTopic = config.announceState() ? stateTopic(names) : null;
        try {
            this.connection = new Connection(uri, clientId, config, stateTopic, counters);
        } catch (RuntimeException e) {
            if (broker != null) {
                broker.close();
            }
            throw e;
        }
    }

    /** Creates the node and starts connecting in the background. */
    public static MqttNode start(NodeConfig config) {
        return start(config, null);
    }

    /**
     * Creates the node, calls {@code main.onStart} (where it creates its publishers, subscribers and
     * services), then starts connecting in the background.
     */
    public static MqttNode start(NodeConfig config, NodeMain main) {
        MqttNode node = new MqttNode(Objects.requireNonNull(config, "config"), main);
        if (main != null) {
            try {
                main.onStart(node);
            } catch (RuntimeException | Error e) {
                node.close();
                throw e;
            }
        }
        node.connection.start();
        return node;
    }

    private static String stateTopic(TopicNames names) {
        return names.nodePath() + "/state";
    }

    // ---------------------------------------------------------------- identity and names

    public String name() {
        return names.nodeName();
    }

    public String namespace() {
        return names.namespace();
    }

    /** {@code <namespace>/<name>}: the prefix of private names and the {@code source} of its envelopes. */
    /** The next id for a message that receivers must handle at most once (never 0). */
    long nextMessageId() {
        return messageIds.incrementAndGet();
    }

    public String path() {
        return names.nodePath();
    }

    /** The MQTT topic a publisher or service name resolves to (namespace, {@code ~}, remappings). */
    public String resolve(String name) {
        return names.resolveTopic(name);
    }

    /** The retained topic saying {@code online} / {@code offline}. */
    public String stateTopic() {
        return stateTopic(names);
    }

    /** The broker this node talks to, {@code tcp://127.0.0.1:<port>} for the embedded one. */
    public String brokerUrl() {
        return connection.serverUri();
    }

    /** The embedded broker this node started, or null when it uses an external one. */
    public EmbeddedBroker embeddedBroker() {
        return broker;
    }

    public boolean isConnected() {
        return connection.isConnected();
    }

    /** Why the last connection attempt failed or the connection was lost, or null when it never failed. */
    public String lastConnectionError() {
        return connection.lastError();
    }

    /** Waits until the node is connected; returns false when {@code timeoutMs} passed first. */
    public boolean awaitConnected(long timeoutMs) throws InterruptedException {
        return connection.awaitConnected(timeoutMs);
    }

    public MessagingStats stats() {
        return counters.snapshot(connection::buffered);
    }

    // ---------------------------------------------------------------- factories

    /** A telemetry publisher: QoS 0, not retained. */
    public <T extends Message> Publisher<T> newPublisher(String name, Class<T> type) {
        return newPublisher(name, type, Qos.AT_MOST_ONCE, false);
    }

    /** A publisher; use {@link Qos#AT_LEAST_ONCE} for commands and {@code retain} for latched topics. */
    public <T extends Message> Publisher<T> newPublisher(String name, Class<T> type, Qos qos, boolean retain) {
        checkOpen();
        return new Publisher<>(this, names.resolveTopic(name), BodyCodec.of(type), qos, retain);
    }

    /** A subscriber at QoS 1 (the broker sends each message at the lower of this and its publisher's QoS). */
    public <T extends Message> Subscriber<T> newSubscriber(String name, Class<T> type, MessageListener<? super T> listener) {
        return newSubscriber(name, type, Qos.AT_LEAST_ONCE, listener);
    }

    public <T extends Message> Subscriber<T> newSubscriber(String name, Class<T> type, Qos qos,
            MessageListener<? super T> listener) {
        checkOpen();
        Subscriber<T> sub = new Subscriber<>(this, names.resolveFilter(name), BodyCodec.of(type), qos,
                Objects.requireNonNull(listener, "listener"));
        addSink(sub.topic(), qos.level(), sub);
        return sub;
    }

    /**
     * Checks an absolute MQTT topic filter as a user typed it (a leading '/' is allowed and dropped, as for
     * global names); returns it without that slash. Errors name the filter exactly as given.
     *
     * @throws io.canopy.InputException for an empty level, a NUL, or a wildcard that does not fill a whole level
     *         ('#' also only as the last level)
     */
    public static String checkFilter(String filter) {
        return TopicNames.checkFilter(filter);
    }

    /**
     * A monitor's subscription: every payload on {@code name} (a topic or filter, resolved like any name),
     * Envelope or not, unfiltered by deadline. {@code canopy echo} uses it.
     */
    public Subscription newRawSubscriber(String name, Qos qos, RawListener listener) {
        checkOpen();
        String filter = names.resolveFilter(name);
        Objects.requireNonNull(listener, "listener");
        addSink(filter, qos.level(), listener);
        return new Subscription() {
            @Override
            public String topic() {
                return filter;
            }

            @Override
            public boolean awaitSubscribed(long timeoutMs) throws InterruptedException {
                return connection.awaitSubscribed(filter, timeoutMs);
            }

            @Override
            public void close() {
                removeSink(filter, listener);
            }
        };
    }

    public <Q extends Message, R extends Message> ServiceServer<Q, R> newServiceServer(String name, Class<Q> requestType,
            Class<R> responseType, ServiceHandler<Q, R> handler) {
        checkOpen();
        ServiceServer<Q, R> server = new ServiceServer<>(this, names.resolveTopic(name), BodyCodec.of(requestType),
                BodyCodec.of(responseType), Objects.requireNonNull(handler, "handler"));
        addSink(server.topic(), 1, server);
        return server;
    }

    public <Q extends Message, R extends Message> ServiceClient<Q, R> newServiceClient(String name, Class<Q> requestType,
            Class<R> responseType) {
        checkOpen();
        replyRouter();
        return new ServiceClient<>(this, names.resolveTopic(name), BodyCodec.of(requestType), BodyCodec.of(responseType));
    }

    // ---------------------------------------------------------------- plumbing for publishers and sinks

    public void send(String topic, Envelope envelope, int qos, boolean retain) {
        if (closed) {
            throw new IllegalStateException("node '" + path() + "' is closed; create publishers on a running node");
        }
        connection.publish(topic, envelope.toByteArray(), qos, retain);
    }

    private void addSink(String filter, int qos, Object sink) {
        while (true) {
            Route route = routes.computeIfAbsent(filter, f -> new Route(this, f));
            synchronized (route) {
                if (routes.get(filter) != route) {
                    continue; // emptied and removed meanwhile: take the new one
                }
                boolean first = route.isEmpty();
                if (sink instanceof RawListener raw) {
                    route.rawSinks.add(raw);
                } else {
                    route.sinks.add((EnvelopeSink) sink);
                }
                if (qos > route.qos || first) {
                    route.qos = Math.max(qos, route.qos);
                    connection.subscribe(filter, route.qos, route);
                }
                return;
            }
        }
    }

    public void removeSink(String filter, Object sink) {
        Route route = routes.get(filter);
        if (route == null) {
            return;
        }
        synchronized (route) {
            route.sinks.remove(sink);
            route.rawSinks.remove(sink);
            if (route.isEmpty()) {
                routes.remove(filter);
                connection.unsubscribe(filter);
            }
        }
    }

    public ReplyRouter replyRouter() {
        ReplyRouter r = replyRouter;
        if (r == null) {
            synchronized (this) {
                r = replyRouter;
                if (r == null) {
                    r = new ReplyRouter(this, path() + "/reply");
                    addSink(r.topic(), 1, r);
                    replyRouter = r;
                }
            }
        }
        return r;
    }

    /** The single thread that runs service handlers (created on first use). */
    public ExecutorService serviceExecutor() {
        ExecutorService s = services;
        if (s == null) {
            synchronized (this) {
                s = services;
                if (s == null) {
                    s = new ThreadPoolExecutor(1, 1, 0L, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                            daemon("canopy-svc-" + path()));
                    services = s;
                }
            }
        }
        return s;
    }

    /** The thread that times out service calls and completes their futures (created on first use). */
    public ScheduledExecutorService timers() {
        ScheduledExecutorService t = timers;
        if (t == null) {
            synchronized (this) {
                t = timers;
                if (t == null) {
                    ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, daemon("canopy-calls-" + path()));
                    e.setRemoveOnCancelPolicy(true);
                    t = e;
                    timers = t;
                }
            }
        }
        return t;
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** A listener or service handler threw: count, log once per topic, tell the NodeMain. */
    public void listenerFailed(String topic, Throwable error) {
        counters.listenerErrors.incrementAndGet();
        onceLog.warn("listener:" + topic, "MQTT topic '{}': the listener or handler threw {}; counted (further"
                + " failures on this topic are only counted)", topic, error.toString());
        if (main != null) {
            try {
                main.onError(this, error);
            } catch (RuntimeException e) {
                LOG.error("NodeMain.onError of node '{}' threw {}", path(), e.toString());
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("node '" + path() + "' is closed");
        }
    }

    /**
     * Clean shutdown: {@code onShutdown}, publishes {@code offline} (retained), disconnects, fails pending
     * service calls, stops its threads and the embedded broker, then {@code onShutdownComplete}.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (main != null) {
            try {
                main.onShutdown(this);
            } catch (RuntimeException e) {
                LOG.error("NodeMain.onShutdown of node '{}' threw {}", path(), e.toString());
            }
        }
        closed = true;
        connection.close(CLOSE_TIMEOUT_MS);
        ReplyRouter r = replyRouter;
        if (r != null) {
            r.failAll("node '" + path() + "' closed");
        }
        if (services != null) {
            services.shutdownNow();
        }
        if (timers != null) {
            timers.shutdownNow();
        }
        if (broker != null) {
            broker.close();
        }
        if (main != null) {
            main.onShutdownComplete(this);
        }
    }
}
