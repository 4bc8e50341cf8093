package io.canopy.launch.foxglove;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonSyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;

/**
 * One connected Foxglove client: its subscriptions (channel to subscription id) and its send queue. Messages are sent
 * one at a time, asynchronously; while the client is slow its queue fills and further messages are dropped (counted
 * by the server), so the hub never waits. Public only because Jetty calls its listener methods reflectively.
 */
public final class FoxgloveSession implements Session.Listener.AutoDemanding {
    /** Binary messages a client may have queued before it loses the next ones. */
    static final int QUEUE = 256;
    private static final byte MESSAGE_DATA = 1;
    private static final int LEVEL_WARNING = 1, LEVEL_ERROR = 2;

    private final FoxgloveServer server;
    private final Map<Integer, Integer> subscriptionOf = new ConcurrentHashMap<>();
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private final AtomicInteger pumping = new AtomicInteger();
    private int binaries;
    private boolean sending;
    private volatile Session session;

    FoxgloveSession(FoxgloveServer server) {
        this.server = server;
    }

    @Override
    public void onWebSocketOpen(Session s) {
        session = s;
        server.opened(this);
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
        server.closed(this);
        session = null;
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        server.closed(this);
    }

    @Override
    public void onWebSocketText(String text) {
        JsonObject m;
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject() || !e.getAsJsonObject().has("op")) {
                status(LEVEL_ERROR, "not a foxglove.websocket.v1 request (a JSON object with \"op\"): " + clip(text));
                return;
            }
            m = e.getAsJsonObject();
        } catch (JsonSyntaxException e) {
            status(LEVEL_ERROR, "not JSON: " + clip(text));
            return;
        }
        String op = m.get("op").getAsString();
        try {
            switch (op) {
                case "subscribe" -> m.getAsJsonArray("subscriptions").forEach(s -> {
                    int id = s.getAsJsonObject().get("id").getAsInt();
                    int channel = s.getAsJsonObject().get("channelId").getAsInt();
                    if (server.hasChannel(channel)) {
                        subscriptionOf.put(channel, id);
                        server.subscribed(this, channel);
                    } else {
                        status(LEVEL_WARNING, "subscribe: no channel " + channel + " (subscription " + id + "); subscribe to an advertised channel id");
                    }
                });
                case "unsubscribe" -> m.getAsJsonArray("subscriptionIds").forEach(s -> {
                    int id = s.getAsInt();
                    subscriptionOf.values().removeIf(v -> v == id);
                });
                default -> status(LEVEL_ERROR, "op \"" + op + "\" is not supported: this server is read-only (subscribe and unsubscribe only)");
            }
        } catch (RuntimeException e) {
            status(LEVEL_ERROR, op + ": malformed request (" + e.getMessage() + "): " + clip(text));
        }
    }

    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
        callback.succeed();
        status(LEVEL_ERROR, "binary client messages (publish, service calls) are not supported: this server is read-only");
    }

    /**
     * Hub thread: queues one message if this client subscribed to {@code channel}. Returns 1 (queued), 0 (not
     * subscribed) or -1 (dropped: the client's queue is full).
     */
    int offer(int channel, long logTimeNs, byte[] data, int off, int len) {
        Integer sub = subscriptionOf.get(channel);
        if (sub == null) {
            return 0;
        }
        synchronized (this) {
            if (binaries >= QUEUE) {
                return -1;
            }
            ByteBuffer b = ByteBuffer.allocate(13 + len).order(ByteOrder.LITTLE_ENDIAN);
            b.put(MESSAGE_DATA).putInt(sub).putLong(logTimeNs).put(data, off, len).flip();
            queue.add(b);
            binaries++;
        }
        pump();
        return 1;
    }

    /** Queues a JSON message (never dropped). */
    void sendText(String json) {
        synchronized (this) {
            queue.add(json);
        }
        pump();
    }

    private void status(int level, String message) {
        JsonObject o = new JsonObject();
        o.addProperty("op", "status");
        o.addProperty("level", level);
        o.addProperty("message", message);
        sendText(o.toString());
    }

    /** Sends the next queued message when none is under way; completions come back here (no recursion). */
    private void pump() {
        if (pumping.getAndIncrement() != 0) {
            return;
        }
        do {
            Session s = session;
            Object next = null;
            synchronized (this) {
                if (!sending && s != null && !queue.isEmpty()) {
                    next = queue.poll();
                    if (next instanceof ByteBuffer) {
                        binaries--;
                    }
                    sending = true;
                }
            }
            if (next != null) {
                Callback done = Callback.from(this::sent, failure -> {
                    sent();
                    server.closed(this);
                });
                if (next instanceof String text) {
                    s.sendText(text, done);
                } else {
                    s.sendBinary((ByteBuffer) next, done);
                }
            }
        } while (pumping.decrementAndGet() != 0);
    }

    private void sent() {
        synchronized (this) {
            sending = false;
        }
        pump();
    }

    void close() {
        Session s = session;
        if (s != null) {
            s.close();
        }
    }

    private static String clip(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
