package io.canopy.messaging.broker;

import io.canopy.InputException;
import io.canopy.messaging.Connection;
import io.moquette.BrokerConstants;
import io.moquette.broker.Server;
import io.moquette.broker.config.MemoryConfig;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.LoggerFactory;

/**
 * The in-process MQTT 3.1.1 broker a node starts when no broker is configured: Moquette 0.17, bound to
 * 127.0.0.1 only (its own default is every interface), with its telemetry (it calls home by default),
 * persistence, metrics, bugsnag and websocket off, TCP_NODELAY and immediate flush on, anonymous clients
 * allowed (nothing outside this machine can reach it), and its and Netty's logs at WARN unless the logging
 * configuration says otherwise. It runs on Netty alone: the rest of Moquette's dependencies are excluded
 * from the build. A command that fails on one of Moquette's session loops no longer takes the loop (and every
 * client hashed to it) down: {@link SessionLoopRevival} restarts it.
 */
public final class EmbeddedBroker implements AutoCloseable {
    /** The largest MQTT message the embedded broker accepts by default (256 KB); see {@link BrokerLimits}. */
    public static final int MAX_MESSAGE_BYTES = BrokerLimits.DEFAULT.maxMessageBytes();

    public static final String HOST = "127.0.0.1";
    private final Server server;
    private final int port;
    private final BrokerRateLimit rateLimit;

    private EmbeddedBroker(Server server, int port, BrokerRateLimit rateLimit) {
        this.server = server;
        this.port = port;
        this.rateLimit = rateLimit;
    }

    /** Starts a broker on 127.0.0.1:{@code port} (0 picks a free port); fails with a clear message when taken. */
    public static EmbeddedBroker start(int port) {
        return start(port, BrokerLimits.DEFAULT, true, false);
    }

    /** As {@link #start(int)}, with a maximum message size and a per-client rate ({@code <mqtt max_message_kb client_rate>}). */
    public static EmbeddedBroker start(int port, BrokerLimits limits) {
        return start(port, limits, true, false);
    }

    /**
     * As {@link #start(int)}, sized for the few clients of a launch file's own broker (its nodes, a monitor or
     * two): one session loop instead of one per CPU, and interceptor notifications on that loop instead of a
     * thread of their own (see {@link BrokerSizing}). Netty's event loops follow {@code io.netty.eventLoopThreads},
     * which {@code bin/canopy run} sets to 1. Brokers for many clients (a fleet) use {@link #start(int)}.
     */
    public static EmbeddedBroker startForNodes(int port) {
        return startForNodes(port, BrokerLimits.DEFAULT);
    }

    /** As {@link #startForNodes(int)}, with a maximum message size and a per-client rate. */
    public static EmbeddedBroker startForNodes(int port, BrokerLimits limits) {
        return start(port, limits, true, true);
    }

    /** As {@link #start(int)}; {@code tcpNoDelay=false} only to measure what Nagle's algorithm costs. */
    public static EmbeddedBroker start(int port, boolean tcpNoDelay) {
        return start(port, BrokerLimits.DEFAULT, tcpNoDelay, false);
    }

    private static EmbeddedBroker start(int port, BrokerLimits limits, boolean tcpNoDelay, boolean small) {
        LogLevels.quietByDefault(List.of("io.moquette", "io.netty"));
        int chosen = port == 0 ? freeLoopbackPort() : port;
        Properties p = new Properties();
        p.setProperty(BrokerConstants.HOST_PROPERTY_NAME, HOST);
        p.setProperty(BrokerConstants.PORT_PROPERTY_NAME, Integer.toString(chosen));
        p.setProperty(BrokerConstants.WEB_SOCKET_PORT_PROPERTY_NAME, BrokerConstants.DISABLED_PORT_BIND);
        p.setProperty(BrokerConstants.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        // MQTT 3.1.1 allows an empty client id with a clean session (mosquitto_pub without -i sends one)
        p.setProperty(BrokerConstants.ALLOW_ZERO_BYTE_CLIENT_ID_PROPERTY_NAME, "true");
        // a robot's messages are small: a larger one (a flood, a mistake) is refused and its client disconnected
        p.setProperty(BrokerConstants.NETTY_MAX_BYTES_PROPERTY_NAME, Integer.toString(limits.maxMessageBytes()));
        p.setProperty(BrokerConstants.ENABLE_TELEMETRY_NAME, "false");
        p.setProperty(BrokerConstants.METRICS_ENABLE_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.BUGSNAG_ENABLE_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.ALLOW_ANONYMOUS_PROPERTY_NAME, "true");
        p.setProperty(BrokerConstants.NETTY_TCP_NODELAY_PROPERTY_NAME, Boolean.toString(tcpNoDelay));
        p.setProperty(BrokerConstants.NETTY_EPOLL_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.IMMEDIATE_BUFFER_FLUSH_PROPERTY_NAME, "true");
        Server server = new Server();
        try {
            server.startServer(new MemoryConfig(p));
            if (small) {
                BrokerSizing.shrink(server); // before any client: ours connect only after start returns
            }
        } catch (IOException | RuntimeException e) {
            shutdownEventLoopsNow(server);
            server.stopServer();
            throw new InputException("embedded MQTT broker on " + HOST + ":" + chosen + " did not start ("
                    + Connection.describe(e) + "); free the port or configure another one or a broker URL", e);
        }
        BrokerRateLimit rateLimit = BrokerRateLimit.install(server, limits); // for every connection from now on
        // Moquette records the bound port from a Netty listener that runs on an event loop, possibly after
        // startServer returned, in a plain HashMap that Server.getPort() also writes (computeIfAbsent): asking
        // while the listener writes throws ConcurrentModificationException or loses the entry. So choose the
        // port first (a free loopback port for 0), wait until it accepts connections (the bind, and so the
        // listener, are done), and only then ask Moquette which port it bound, to notice a port held by
        // another process.
        long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        awaitAccepting(chosen, deadlineNs);
        int bound = 0;
        while (System.nanoTime() - deadlineNs < 0) {
            try {
                bound = server.getPort();
            } catch (ConcurrentModificationException raced) {
                bound = 0;
            }
            if (bound != 0) {
                break;
            }
            LockSupport.parkNanos(1_000_000);
        }
        if (bound != chosen) {
            shutdownEventLoopsNow(server);
            server.stopServer();
            throw new InputException("embedded MQTT broker could not listen on " + HOST + ":" + chosen
                    + (bound == 0 ? " (the port is taken or did not open in 10 s)" : " (it bound " + bound + ")")
                    + "; free the port or configure another one or a broker URL");
        }
        SessionLoopRevival.install(server);
        return new EmbeddedBroker(server, bound, rateLimit);
    }

    private static int freeLoopbackPort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port for the embedded MQTT broker: " + e.getMessage(), e);
        }
    }

    /** Waits until {@code HOST:port} accepts a TCP connection, or the deadline passes. */
    private static void awaitAccepting(int port, long deadlineNs) {
        while (System.nanoTime() - deadlineNs < 0) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(HOST, port), 200);
                return;
            } catch (IOException notYet) {
                LockSupport.parkNanos(1_000_000);
            }
        }
    }

    /** Its per-client limits and what they dropped; null when this Moquette has no place for them. */
    public BrokerRateLimit rateLimit() {
        return rateLimit;
    }

    public int port() {
        return port;
    }

    /** {@code tcp://127.0.0.1:<port>}. */
    public String url() {
        return "tcp://" + HOST + ":" + port;
    }

    /**
     * Stops the broker. Moquette shuts Netty down "gracefully", with Netty's default quiet period of two
     * seconds; the event loops are told to shut down with no quiet period first, so closing takes
     * milliseconds (nothing is queued on an in-memory broker that is going away anyway).
     */
    @Override
    public void close() {
        shutdownEventLoopsNow(server);
        server.stopServer();
    }

    private static void shutdownEventLoopsNow(Server server) {
        try {
            Object acceptor = field(server, "acceptor");
            for (String group : new String[] {"bossGroup", "workerGroup"}) {
                Object loops = field(acceptor, group);
                if (loops instanceof EventLoopGroup g) {
                    g.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a Moquette without these fields: its own shutdown still works, only slower
            LoggerFactory.getLogger(EmbeddedBroker.class).debug("fast shutdown unavailable: {}", e.toString());
        }
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        return SessionLoopRevival.field(owner, name);
    }
}
