package io.canopy.launch.run;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;

/** Logs an error once per distinct key, counting the repeats: an error on every tick must not flood the log. */
final class OnceLog {
    private static final int MAX_KEYS = 1024;
    private final Logger log;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    OnceLog(Logger log) {
        this.log = log;
    }

    void warn(String key, String format, Object... args) {
        if (seen.size() < MAX_KEYS && seen.add(key)) {
            log.warn(format + " (logged once; repeats are only counted)", args);
        }
    }
}
