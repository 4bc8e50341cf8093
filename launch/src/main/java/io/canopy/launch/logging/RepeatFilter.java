package io.canopy.launch.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lets the first event of each kind (logger and message pattern) through, then at most one per
 * {@code quietMs} (default 10 s), whose line says how many were held back meanwhile ({@link HeldBackConverter},
 * {@code %held} in the pattern): a flood that makes the embedded broker warn 20,000 times prints one line, not
 * 20,000. Logging is off the tick, so the wall clock is fine here.
 */
public final class RepeatFilter extends Filter<ILoggingEvent> {
    private final ConcurrentHashMap<String, Kind> kinds = new ConcurrentHashMap<>();
    private long quietMs = 10_000;

    public void setQuietMs(long quietMs) {
        this.quietMs = quietMs;
    }

    @Override
    public FilterReply decide(ILoggingEvent event) {
        String key = event.getLoggerName() + '\u0000' + event.getMessage();
        Kind kind = kinds.computeIfAbsent(key, k -> new Kind());
        long now = System.currentTimeMillis();
        synchronized (kind) {
            if (kind.lastShownMs != 0 && now - kind.lastShownMs < quietMs) {
                kind.heldBack.incrementAndGet();
                return FilterReply.DENY;
            }
            kind.lastShownMs = now;
        }
        // the appender encodes the event on this thread right after the filters said yes
        HeldBackConverter.HELD.set(kind.heldBack.getAndSet(0));
        return FilterReply.NEUTRAL;
    }

    private static final class Kind {
        long lastShownMs;
        final AtomicLong heldBack = new AtomicLong();
    }
}
