package io.canopy.messaging;

import io.canopy.InputException;
import io.canopy.messaging.broker.BrokerLimits;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How a {@link MqttNode} is named and how it reaches its broker. Immutable; build with {@link #builder(String)}.
 *
 * <pre>{@code
 * NodeConfig config = NodeConfig.builder("controller").namespace("robot1")
 *         .broker("tcp://10.0.0.2:1883").credentials("robot1", secret).remap("cmd:=/fleet/robot1/cmd")
 *         .build();
 * }</pre>
 *
 * <p>Broker {@code embedded} (the default) starts an in-process Moquette broker on 127.0.0.1
 * ({@link #embeddedPort()}, default 1883) owned by the node. {@code tcp://host:port} and {@code ssl://host:port}
 * reach a real one.
 */
public final class NodeConfig {
    public static final String EMBEDDED = "embedded";

    private final String nodeName;
    private final String namespace;
    private final List<String> remappings;
    private final String broker;
    private final int embeddedPort;
    private final String clientId;
    private final String username;
    private final char[] password;
    private final Path tlsCaFile;
    private final boolean tcpNoDelay;
    private final int keepAliveS;
    private final int connectTimeoutS;
    private final long reconnectMinMs;
    private final long reconnectMaxMs;
    private final int outageBufferSize;
    private final boolean announceState;
    private final boolean warnFirstConnectFailure;
    private final boolean persistentSession;
    private final int maxMessageBytes;
    private final LongSupplier epochNs;

    private NodeConfig(Builder b) {
        this.nodeName = b.nodeName;
        this.namespace = b.namespace;
        this.remappings = List.copyOf(b.remappings);
        this.broker = b.broker;
        this.embeddedPort = b.embeddedPort;
        this.clientId = b.clientId;
        this.username = b.username;
        this.password = b.password == null ? null : b.password.clone();
        this.tlsCaFile = b.tlsCaFile;
        this.tcpNoDelay = b.tcpNoDelay;
        this.keepAliveS = b.keepAliveS;
        this.connectTimeoutS = b.connectTimeoutS;
        this.reconnectMinMs = b.reconnectMinMs;
        this.reconnectMaxMs = b.reconnectMaxMs;
        this.persistentSession = b.persistentSession;
        this.maxMessageBytes = b.maxMessageBytes;
        this.outageBufferSize = b.outageBufferSize;
        this.announceState = b.announceState;
        this.warnFirstConnectFailure = b.warnFirstConnectFailure;
        this.epochNs = b.epochNs;
    }

    public static Builder builder(String nodeName) {
        return new Builder(nodeName);
    }

    public String nodeName() { return nodeName; }
    public String namespace() { return namespace; }
    public List<String> remappings() { return remappings; }
    /** {@code embedded}, {@code tcp://host:port} or {@code ssl://host:port}. */
    public String broker() { return broker; }
    public boolean embedded() { return EMBEDDED.equals(broker); }
    public int embeddedPort() { return embeddedPort; }
    /** The MQTT client id, or null to derive a unique one from the node path. */
    public String clientId() { return clientId; }
    public String username() { return username; }
    char[] password() { return password == null ? null : password.clone(); }
    public Path tlsCaFile() { return tlsCaFile; }
    public boolean tcpNoDelay() { return tcpNoDelay; }
    public int keepAliveS() { return keepAliveS; }
    public int connectTimeoutS() { return connectTimeoutS; }
    public long reconnectMinMs() { return reconnectMinMs; }
    public long reconnectMaxMs() { return reconnectMaxMs; }

    /**
     * Whether the broker keeps this node's session (clean session off, a stable client id): its QoS 1
     * subscriptions stay in place and the messages published to them while the node is away (a broker restart,
     * a network cut) are delivered when it reconnects.
     */
    public boolean persistentSession() { return persistentSession; }
    /** The largest message the node sends (default 256 KB); a larger one is dropped with one WARN line per topic. */
    public int maxMessageBytes() { return maxMessageBytes; }
    /** How many QoS 1/2 publishes wait while disconnected; beyond it the oldest is dropped and counted. */
    public int outageBufferSize() { return outageBufferSize; }
    /** Whether the node publishes its retained {@code <ns>/<node>/state} and sets the Last Will. */
    public boolean announceState() { return announceState; }
    /**
     * Whether a broker that cannot be reached before the first connection is logged at WARN (default) or only at
     * DEBUG, for callers such as command-line tools that wait with {@link MqttNode#awaitConnected(long)} and report
     * the failure themselves. Losing an established connection is always logged at WARN.
     */
    public boolean warnFirstConnectFailure() { return warnFirstConnectFailure; }
    /** Wall clock for message stamps and deadlines, Unix epoch nanoseconds. */
    public LongSupplier epochNs() { return epochNs; }

    /** Builder; every setter checks its value and says how to fix a bad one. */
    public static final class Builder {
        private final String nodeName;
        private String namespace = "";
        private final List<String> remappings = new ArrayList<>();
        private String broker = EMBEDDED;
        private int embeddedPort = 1883;
        private String clientId;
        private String username;
        private char[] password;
        private Path tlsCaFile;
        private boolean tcpNoDelay = true;
        private int keepAliveS = 10;
        private int connectTimeoutS = 5;
        private long reconnectMinMs = 100;
        private long reconnectMaxMs = 10_000;
        private int outageBufferSize = 1000;
        private boolean announceState = true;
        private boolean warnFirstConnectFailure = true;
        private boolean persistentSession;
        private int maxMessageBytes = BrokerLimits.DEFAULT.maxMessageBytes();
        private LongSupplier epochNs = () -> System.currentTimeMillis() * 1_000_000L;

        private Builder(String nodeName) {
            this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        }

        public Builder namespace(String ns) { this.namespace = Objects.requireNonNull(ns, "namespace"); return this; }

        /** Adds a remapping {@code from:=to}. */
        public Builder remap(String rule) { remappings.add(Objects.requireNonNull(rule, "rule")); return this; }

        /** {@code embedded}, {@code tcp://host:port} or {@code ssl://host:port}. */
        public Builder broker(String url) {
            this.broker = checkBroker(url);
            return this;
        }

        /** Port of the embedded broker on 127.0.0.1; 0 picks a free one. */
        public Builder embeddedPort(int port) {
            if (port < 0 || port > 65535) {
                throw new InputException("embedded broker port " + port + ": must be 0..65535 (0 picks a free port)");
            }
            this.embeddedPort = port;
            return this;
        }

        public Builder clientId(String id) { this.clientId = id; return this; }

        public Builder credentials(String user, char[] pass) {
            this.username = user;
            this.password = pass == null ? null : pass.clone();
            return this;
        }

        /** Trust the broker certificates signed by the CA (or self-signed certificate) in this PEM file. */
        public Builder tlsCaFile(Path pem) { this.tlsCaFile = pem; return this; }

        /** TCP_NODELAY on the client socket (default on: without it a QoS 1 round trip takes ~40 ms). */
        public Builder tcpNoDelay(boolean on) { this.tcpNoDelay = on; return this; }

        public Builder keepAliveS(int s) { this.keepAliveS = positive(s, "keepAliveS"); return this; }

        public Builder connectTimeoutS(int s) { this.connectTimeoutS = positive(s, "connectTimeoutS"); return this; }

        /** First and longest wait between reconnect attempts; the wait doubles from min to max. */
        public Builder reconnectBackoffMs(long minMs, long maxMs) {
            if (minMs <= 0 || maxMs < minMs) {
                throw new IllegalArgumentException("reconnect backoff: need 0 < minMs <= maxMs, got " + minMs + ", " + maxMs);
            }
            this.reconnectMinMs = minMs;
            this.reconnectMaxMs = maxMs;
            return this;
        }

        /**
         * Keep the session at the broker (see {@link NodeConfig#persistentSession()}); without an explicit
         * {@link #clientId}, the id is {@code canopy-<namespace>-<node>}, stable across restarts of the node.
         */
        public Builder persistentSession(boolean on) { this.persistentSession = on; return this; }

        /** See {@link NodeConfig#maxMessageBytes()}; the same figure as the broker's ({@code <mqtt max_message_kb>}). */
        public Builder maxMessageBytes(int n) {
            if (n < 1024 || n > BrokerLimits.MQTT_MAX_BYTES) {
                throw new InputException("maximum message size " + n + " bytes is out of range; give 1 KB to 256 MB"
                        + " (<mqtt max_message_kb=\"256\"/>)");
            }
            this.maxMessageBytes = n;
            return this;
        }

        public Builder outageBufferSize(int n) { this.outageBufferSize = positive(n, "outageBufferSize"); return this; }

        public Builder announceState(boolean on) { this.announceState = on; return this; }

        /** See {@link NodeConfig#warnFirstConnectFailure()}. */
        public Builder warnFirstConnectFailure(boolean on) { this.warnFirstConnectFailure = on; return this; }

        public Builder epochNs(LongSupplier clock) { this.epochNs = Objects.requireNonNull(clock, "clock"); return this; }

        public NodeConfig build() {
            new TopicNames(namespace, nodeName, remappings); // fails early on bad names
            return new NodeConfig(this);
        }

        private static int positive(int v, String what) {
            if (v <= 0) {
                throw new IllegalArgumentException(what + " must be positive: " + v);
            }
            return v;
        }
    }

    /** Checks a broker URL: {@code embedded}, or {@code tcp://} / {@code ssl://} with a host and a port. */
    static String checkBroker(String url) {
        if (url == null || url.isBlank()) {
            throw new InputException("broker '': give embedded, tcp://HOST:PORT or ssl://HOST:PORT");
        }
        if (url.equals(EMBEDDED)) {
            return url;
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new InputException("broker '" + url + "': not a URL (" + e.getReason() + "); give tcp://HOST:PORT or ssl://HOST:PORT");
        }
        if (!"tcp".equals(uri.getScheme()) && !"ssl".equals(uri.getScheme())) {
            throw new InputException("broker '" + url + "': scheme '" + uri.getScheme() + "' is not supported;"
                    + " give embedded, tcp://HOST:PORT or ssl://HOST:PORT");
        }
        if (uri.getHost() == null || uri.getPort() <= 0) {
            throw new InputException("broker '" + url + "': needs a host and a port, for example tcp://127.0.0.1:1883");
        }
        return url;
    }
}
