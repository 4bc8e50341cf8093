package io.canopy.launch.web;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the {@link RobotSource} on its own thread ({@code canopy-web-hub}, 20 Hz) and sends every open page
 * the same compact delta: per robot, only the sections that changed, and of a section that is an object only
 * its keys that changed (a key set to null was removed). A page that connects, or that was too slow to take
 * the last message, gets the whole state instead. The tick is never involved: the source reads snapshots.
 */
final class LiveHub implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LiveHub.class);
    static final long PERIOD_MS = 50;
    private static final int TRAIL = 2000;
    /** Nulls kept: a key set to null in a delta is how the page learns it was removed. */
    private static final Gson GSON = new GsonBuilder().serializeNulls().create();

    private final RobotSource source;
    private final boolean control;
    private final Set<LiveSocket> sockets = ConcurrentHashMap.newKeySet();
    private final Map<String, JsonArray> trails = new LinkedHashMap<>();
    private Map<String, JsonObject> last = Map.of();
    private long seq;
    private String full;
    private long fullSeq = -1;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long samples;

    LiveHub(RobotSource source, boolean control) {
        this.source = source;
        this.control = control;
        sampleOnce();
        thread = new Thread(this::loop, "canopy-web-hub");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (running) {
            try {
                sampleOnce();
            } catch (RuntimeException e) {
                LOG.warn("web: sampling the robots failed: {}", e.toString());
            }
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One sample: diff against the last one, send the delta to every page. */
    void sampleOnce() {
        Map<String, JsonObject> now = source.sample();
        String message;
        synchronized (this) {
            JsonObject delta = new JsonObject();
            for (Map.Entry<String, JsonObject> e : now.entrySet()) {
                JsonObject d = diff(last.get(e.getKey()), e.getValue());
                if (d.size() > 0) {
                    delta.add(e.getKey(), d);
                }
                trail(e.getKey(), e.getValue());
            }
            for (String gone : last.keySet()) {
                if (!now.containsKey(gone)) {
                    delta.add(gone, JsonNull.INSTANCE);
                    trails.remove(gone);
                }
            }
            last = now;
            samples++;
            if (delta.size() == 0) {
                return;
            }
            seq++;
            JsonObject m = new JsonObject();
            m.addProperty("t", "d");
            m.addProperty("seq", seq);
            m.add("r", delta);
            message = GSON.toJson(m);
        }
        for (LiveSocket s : sockets) {
            s.send(message, this);
        }
    }

    private void trail(String robot, JsonObject r) {
        JsonElement pose = r.get("pose");
        if (!(pose instanceof JsonObject p)) {
            return;
        }
        JsonArray t = trails.computeIfAbsent(robot, k -> new JsonArray());
        double x = p.get("x").getAsDouble();
        double y = p.get("y").getAsDouble();
        if (t.size() > 0) {
            JsonArray lastPoint = t.get(t.size() - 1).getAsJsonArray();
            if (Math.hypot(lastPoint.get(0).getAsDouble() - x, lastPoint.get(1).getAsDouble() - y) < 0.01) {
                return;
            }
        }
        JsonArray point = new JsonArray();
        point.add(x);
        point.add(y);
        t.add(point);
        if (t.size() > TRAIL) {
            t.remove(0);
        }
    }

    /** Sections of {@code now} that differ from {@code before}; objects one level deep. */
    static JsonObject diff(JsonObject before, JsonObject now) {
        JsonObject d = new JsonObject();
        for (Map.Entry<String, JsonElement> e : now.entrySet()) {
            JsonElement old = before == null ? null : before.get(e.getKey());
            JsonElement v = e.getValue();
            if (old == null) {
                d.add(e.getKey(), v);
            } else if (v instanceof JsonObject vo && old instanceof JsonObject oo) {
                if (vo == oo) {
                    continue;
                }
                JsonObject inner = new JsonObject();
                for (Map.Entry<String, JsonElement> k : vo.entrySet()) {
                    if (!k.getValue().equals(oo.get(k.getKey()))) {
                        inner.add(k.getKey(), k.getValue());
                    }
                }
                for (String removed : oo.keySet()) {
                    if (!vo.has(removed)) {
                        inner.add(removed, JsonNull.INSTANCE);
                    }
                }
                if (inner.size() > 0) {
                    d.add(e.getKey(), inner);
                }
            } else if (!v.equals(old)) {
                d.add(e.getKey(), v);
            }
        }
        if (before != null) {
            for (String removed : before.keySet()) {
                if (!now.has(removed)) {
                    d.add(removed, JsonNull.INSTANCE);
                }
            }
        }
        return d;
    }

    /** The whole state: {@code {"t":"full","seq":N,"control":B,"robots":{name:{sections..., "trail":[[x,y]..]}}}}. */
    synchronized String full() {
        if (fullSeq != seq || full == null) {
            JsonObject robots = new JsonObject();
            for (Map.Entry<String, JsonObject> e : last.entrySet()) {
                JsonObject r = e.getValue().deepCopy();
                JsonArray t = trails.get(e.getKey());
                if (t != null) {
                    r.add("trail", t.deepCopy());
                }
                robots.add(e.getKey(), r);
            }
            JsonObject m = new JsonObject();
            m.addProperty("t", "full");
            m.addProperty("seq", seq);
            m.addProperty("control", control);
            m.add("robots", robots);
            full = GSON.toJson(m);
            fullSeq = seq;
        }
        return full;
    }

    RobotSource source() {
        return source;
    }

    boolean control() {
        return control;
    }

    void add(LiveSocket s) {
        sockets.add(s);
    }

    void remove(LiveSocket s) {
        sockets.remove(s);
    }

    int connections() {
        return sockets.size();
    }

    long samples() {
        return samples;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (LiveSocket s : sockets) {
            s.close();
        }
        source.close();
    }
}
