package io.canopy.launch.web;

import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;

/**
 * One open page on {@code /api/live}: gets the whole state when it connects, then the hub's deltas. Sends are
 * asynchronous; while one is under way the next delta is skipped and the page is marked stale, so it gets
 * the whole state at the next chance: a slow page never slows the hub, and never sees a gap. Public only because
 * Jetty calls its listener methods reflectively.
 */
public final class LiveSocket implements Session.Listener.AutoDemanding {
    private final LiveHub hub;
    private final AtomicBoolean busy = new AtomicBoolean();
    private volatile boolean stale = true;
    private volatile Session session;

    LiveSocket(LiveHub hub) {
        this.hub = hub;
    }

    @Override
    public void onWebSocketOpen(Session s) {
        session = s;
        hub.add(this);
        send(null, hub);
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
        hub.remove(this);
        session = null;
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        hub.remove(this);
    }

    @Override
    public void onWebSocketText(String message) {
        // the page sends nothing but keep-alives
    }

    /** Hub thread: sends {@code delta}, or the whole state when this page missed something. */
    void send(String delta, LiveHub from) {
        Session s = session;
        if (s == null || !s.isOpen()) {
            return;
        }
        if (!busy.compareAndSet(false, true)) {
            stale = true;
            return;
        }
        String text;
        if (stale || delta == null) {
            stale = false;
            text = from.full();
        } else {
            text = delta;
        }
        s.sendText(text, Callback.from(() -> busy.set(false), failure -> {
            busy.set(false);
            hub.remove(this);
        }));
    }

    void close() {
        Session s = session;
        if (s != null) {
            s.close();
        }
    }
}
