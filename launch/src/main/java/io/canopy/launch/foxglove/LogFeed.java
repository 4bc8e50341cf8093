package io.canopy.launch.foxglove;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.LoggerFactory;

/**
 * The process's log lines (INFO and above, as logback passes them on) as {@code foxglove.Log} on the channel
 * {@code log}, for Foxglove's Log panel. A logging thread only queues the line (a bounded queue: a full one drops the
 * line, counted); the consumer encodes while it drains. One consumer.
 */
public final class LogFeed extends AppenderBase<ILoggingEvent> {
    public static final String TOPIC = "log";
    private static final int QUEUE = 1024;

    private record Line(long epochNs, int level, String message, String logger) {}

    private final ArrayBlockingQueue<Line> lines = new ArrayBlockingQueue<>(QUEUE);
    private final AtomicLong dropped = new AtomicLong();
    private final List<Channel> channels = List.of(Channel.of(TOPIC, FoxgloveSchemas.LOG));
    private final LogEncoder encoder = new LogEncoder();
    private byte[] buf = new byte[1024];
    private boolean attached;

    /** A feed of logback's root logger (when logback is the logging backend; else a feed that stays empty). */
    public static LogFeed attach() {
        LogFeed feed = new LogFeed();
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx) {
            feed.setContext(ctx);
            feed.setName("canopy-foxglove-log");
            feed.start();
            ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(feed);
            feed.attached = true;
        }
        return feed;
    }

    /** The one channel ({@code log}, foxglove.Log). */
    public List<Channel> channels() {
        return channels;
    }

    @Override
    protected void append(ILoggingEvent e) {
        if (!e.getLevel().isGreaterOrEqual(Level.INFO)) {
            return;
        }
        int level = e.getLevel().isGreaterOrEqual(Level.ERROR) ? LogEncoder.ERROR
                : e.getLevel().isGreaterOrEqual(Level.WARN) ? LogEncoder.WARNING : LogEncoder.INFO;
        add(e.getTimeStamp() * 1_000_000L, level, e.getFormattedMessage(), e.getLoggerName());
    }

    /** Any thread: queues one line (dropped and counted when the queue is full). */
    void add(long epochNs, int level, String message, String logger) {
        if (!lines.offer(new Line(epochNs, level, message, logger))) {
            dropped.incrementAndGet();
        }
    }

    /** The consumer: hands every queued line to {@code sink} as channel 0; returns how many. */
    public int drain(MessageSink sink) {
        int n = 0;
        for (Line l = lines.poll(); l != null; l = lines.poll(), n++) {
            int len;
            while ((len = encoder.encode(buf, 0, buf.length, l.epochNs, l.level, l.message, l.logger, "", 0)) < 0) {
                buf = new byte[buf.length * 2];
            }
            sink.message(0, l.epochNs, buf, 0, len);
        }
        return n;
    }

    /** Lines dropped because the consumer fell a whole queue behind. */
    public long dropped() {
        return dropped.get();
    }

    /** Detaches from logback. */
    public void detach() {
        if (attached && getContext() instanceof LoggerContext ctx) {
            Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.detachAppender(this);
        }
        stop();
    }
}
