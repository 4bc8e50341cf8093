package io.canopy.launch.web;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayDeque;
import org.slf4j.LoggerFactory;

/**
 * The last warnings and errors of the process (or, in {@code canopy monitor}, of the fleet: robots going
 * offline), for the page's log pane. Kept in a small ring; the logging thread holds its lock for an add only.
 */
final class LogRing extends AppenderBase<ILoggingEvent> {
    static final int KEEP = 50;
    private final ArrayDeque<JsonObject> lines = new ArrayDeque<>();
    private long version;
    private long jsonVersion = -1;
    private JsonArray json = new JsonArray();

    /** A ring fed by logback's root logger (WARN and above), when logback is the logging backend. */
    static LogRing attachToLogback() {
        LogRing ring = new LogRing();
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx) {
            ring.setContext(ctx);
            ring.setName("canopy-web-log");
            ring.start();
            ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(ring);
        }
        return ring;
    }

    void detach() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx) {
            Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.detachAppender(this);
        }
        stop();
    }

    @Override
    protected void append(ILoggingEvent e) {
        if (e.getLevel().isGreaterOrEqual(Level.WARN)) {
            String logger = e.getLoggerName();
            add(e.getTimeStamp(), e.getLevel().toString(), logger.substring(logger.lastIndexOf('.') + 1) + ": " + e.getFormattedMessage());
        }
    }

    synchronized void add(long epochMs, String level, String text) {
        JsonObject o = new JsonObject();
        o.addProperty("t", epochMs);
        o.addProperty("level", level);
        o.addProperty("text", text.length() > 500 ? text.substring(0, 500) + "..." : text);
        lines.addLast(o);
        while (lines.size() > KEEP) {
            lines.removeFirst();
        }
        version++;
    }

    /** The lines, oldest first; the same object while nothing was added. */
    synchronized JsonArray json() {
        if (jsonVersion != version) {
            JsonArray a = new JsonArray();
            lines.forEach(a::add);
            json = a;
            jsonVersion = version;
        }
        return json;
    }
}
