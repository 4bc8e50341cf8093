package io.canopy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;

/**
 * Logs a problem once per key (kind and topic), so a device flooding a topic with garbage costs one log line
 * and a counter, not a log storm. Remembers at most {@value #MAX_KEYS} keys; past that it stays silent (the
 * counters still count).
 */
public final class OnceLog {
    static final int MAX_KEYS = 4096;
    private final Logger log;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    public OnceLog(Logger log) {
        this.log = log;
    }

    /** Logs at WARN the first time {@code key} is seen; returns whether it logged. */
    public boolean warn(String key, String format, Object... args) {
        if (seen.size() >= MAX_KEYS || !seen.add(key)) {
            return false;
        }
        log.warn(format, args);
        return true;
    }
}
