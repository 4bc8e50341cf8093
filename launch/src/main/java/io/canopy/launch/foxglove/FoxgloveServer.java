package io.canopy.launch.foxglove;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.canopy.InputException;
import java.io.IOException;
import java.net.BindException;
import java.time.Duration;
import java.util.Base64;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToIntFunction;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Foxglove WebSocket server ({@code foxglove.websocket.v1}, Jetty 12 as the web page): each client gets
 * {@code serverInfo} and an {@code advertise} of every channel with its protobuf FileDescriptorSet (base64), may
 * {@code subscribe} and {@code unsubscribe}, and gets its subscriptions' messages as binary {@code messageData} frames
 * stamped with the message's log time. Read-only: publishing, parameters and services are refused with a status
 * line. A hub thread ({@code canopy-foxglove-hub}) drains the sources (the nodes' {@link WellKnownSampler}s, the
 * {@link LogFeed}) every few milliseconds and queues each message for each subscribed client; a client whose queue
 * is full (it reads slower than the robot sends) loses the message, counted, and nobody waits for it. A client that
 * subscribes to a state channel (a tree's running action, a machine's state) gets its last message at once.
 */
public final class FoxgloveServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FoxgloveServer.class);
    static final String SUBPROTOCOL = "foxglove.websocket.v1";
    private static final long HUB_PERIOD_NS = 5_000_000L;

    /** A source of messages: its channels (ids from {@code firstId} on) and how to drain it. */
    private record Source(List<Channel> channels, ToIntFunction<MessageSink> drain, int firstId, MessageSink sink) {}

    /** The last message of a state channel, for a client that subscribes after it was sent. */
    private record Latest(long logTimeNs, byte[] data) {}

    private final Server server;
    private final List<Source> sources = new CopyOnWriteArrayList<>();
    private final Set<FoxgloveSession> sessions = ConcurrentHashMap.newKeySet();
    private final Set<Integer> stateChannels = ConcurrentHashMap.newKeySet();
    private final Map<Integer, Latest> latest = new ConcurrentHashMap<>();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong delivered = new AtomicLong();
    private final String sessionId = Long.toString(System.currentTimeMillis());
    private final Thread hub;
    private volatile boolean running = true;
    private int nextId = 1;
    private int port;

    private FoxgloveServer(Server server) {
        this.server = server;
        hub = new Thread(this::loop, "canopy-foxglove-hub");
        hub.setDaemon(true);
    }

    /** Listens on {@code bind:port} (port 0: any free one); a port in use is an InputException naming it. */
    public static FoxgloveServer start(String bind, int port) {
        QueuedThreadPool pool = new QueuedThreadPool(8, 2);
        pool.setName("canopy-foxglove");
        pool.setDaemon(true);
        Server server = new Server(pool);
        ServerConnector connector = new ServerConnector(server, 1, 1);
        connector.setHost(bind);
        connector.setPort(port);
        server.addConnector(connector);
        FoxgloveServer fox = new FoxgloveServer(server);
        WebSocketUpgradeHandler ws = WebSocketUpgradeHandler.from(server, container -> {
            container.setIdleTimeout(Duration.ofMinutes(10));
            container.setMaxTextMessageSize(1 << 20);
            container.addMapping("/", (rq, rs, cb) -> {
                if (rq.getSubProtocols().contains(SUBPROTOCOL)) {
                    rs.setAcceptedSubProtocol(SUBPROTOCOL);
                }
                return new FoxgloveSession(fox);
            });
        });
        ws.setHandler(new PlainHttp());
        server.setHandler(ws);
        try {
            server.start();
        } catch (Exception e) {
            try {
                server.stop();
            } catch (Exception ignored) {
                // nothing started
            }
            Throwable c = e instanceof IOException && e.getCause() instanceof BindException ? e.getCause() : e;
            throw new InputException("foxglove server on " + bind + ":" + port + ": " + c.getMessage()
                    + " (is another canopy or program using the port?); give another port, for example --foxglove " + (port + 1));
        }
        fox.port = connector.getLocalPort();
        fox.hub.start();
        return fox;
    }

    /** Serves a node's well-known channels (advertised to clients already connected too). */
    public void add(WellKnownSampler sampler) {
        addSource(sampler.channels(), sampler::drain);
    }

    /** Serves the process's log lines. */
    public void add(LogFeed log) {
        addSource(log.channels(), log::drain);
    }

    private synchronized void addSource(List<Channel> channels, ToIntFunction<MessageSink> drain) {
        int first = nextId;
        nextId += channels.size();
        Source s = new Source(channels, drain, first, (ch, t, data, off, len) -> dispatch(first + ch, t, data, off, len));
        for (int i = 0; i < channels.size(); i++) {
            if (channels.get(i).schemaName().equals(FoxgloveSchemas.STATE_TEXT)) {
                stateChannels.add(first + i);
            }
        }
        sources.add(s);
        String advertise = advertise(List.of(s));
        for (FoxgloveSession c : sessions) {
            c.sendText(advertise);
        }
    }

    /** The port it listens on. */
    public int port() {
        return port;
    }

    /** Messages lost for clients that read too slowly. */
    public long dropped() {
        return dropped.get();
    }

    /** Messages queued for clients. */
    public long delivered() {
        return delivered.get();
    }

    public int clients() {
        return sessions.size();
    }

    private void loop() {
        while (running) {
            try {
                drainOnce();
            } catch (RuntimeException e) {
                LOG.warn("foxglove: handing messages to clients failed: {}", e.toString());
            }
            LockSupport.parkNanos(HUB_PERIOD_NS);
        }
    }

    /** Hub thread: drains every source once. */
    void drainOnce() {
        for (Source s : sources) {
            s.drain.applyAsInt(s.sink);
        }
    }

    private void dispatch(int channelId, long logTimeNs, byte[] data, int off, int len) {
        if (stateChannels.contains(channelId)) {
            latest.put(channelId, new Latest(logTimeNs, Arrays.copyOfRange(data, off, off + len)));
        }
        for (FoxgloveSession c : sessions) {
            int r = c.offer(channelId, logTimeNs, data, off, len);
            if (r > 0) {
                delivered.incrementAndGet();
            } else if (r < 0) {
                dropped.incrementAndGet();
            }
        }
    }

    /** A client connected: serverInfo and every channel. */
    void opened(FoxgloveSession c) {
        JsonObject info = new JsonObject();
        info.addProperty("op", "serverInfo");
        info.addProperty("name", "canopy");
        info.add("capabilities", new JsonArray());
        info.add("supportedEncodings", new JsonArray());
        JsonObject meta = new JsonObject();
        meta.addProperty("readOnly", "true");
        info.add("metadata", meta);
        info.addProperty("sessionId", sessionId);
        synchronized (this) {
            c.sendText(info.toString());
            c.sendText(advertise(sources));
            sessions.add(c);
        }
    }

    /** A client subscribed to {@code channelId}: a state channel's last message goes to it at once. */
    void subscribed(FoxgloveSession c, int channelId) {
        Latest l = latest.get(channelId);
        if (l != null && c.offer(channelId, l.logTimeNs, l.data, 0, l.data.length) > 0) {
            delivered.incrementAndGet();
        }
    }

    void closed(FoxgloveSession c) {
        sessions.remove(c);
    }

    /** Whether {@code id} is an advertised channel. */
    boolean hasChannel(int id) {
        return id >= 1 && id < nextId;
    }

    private static String advertise(List<Source> from) {
        JsonArray channels = new JsonArray();
        for (Source s : from) {
            for (int i = 0; i < s.channels.size(); i++) {
                Channel ch = s.channels.get(i);
                JsonObject o = new JsonObject();
                o.addProperty("id", s.firstId + i);
                o.addProperty("topic", ch.topic());
                o.addProperty("encoding", Channel.ENCODING);
                o.addProperty("schemaName", ch.schemaName());
                o.addProperty("schema", Base64.getEncoder().encodeToString(ch.schema()));
                o.addProperty("schemaEncoding", Channel.ENCODING);
                channels.add(o);
            }
        }
        JsonObject m = new JsonObject();
        m.addProperty("op", "advertise");
        m.add("channels", channels);
        return m.toString();
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(hub);
        try {
            hub.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (FoxgloveSession c : sessions) {
            c.close();
        }
        try {
            server.stop();
        } catch (Exception e) {
            LOG.debug("foxglove: stopping the server: {}", e.toString());
        }
    }

    /** A plain HTTP request (a browser): one line saying what this port is. */
    private static final class PlainHttp extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            response.setStatus(426);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
            response.getHeaders().put(HttpHeader.UPGRADE, "websocket");
            Content.Sink.write(response, true, "This is Canopy's Foxglove WebSocket server (" + SUBPROTOCOL + "): open it in Foxglove"
                    + " or Lichtblick with Open connection > Foxglove WebSocket > ws://HOST:PORT\n", callback);
            return true;
        }
    }
}
