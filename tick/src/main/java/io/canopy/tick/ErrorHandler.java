package io.canopy.tick;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the tick's errors go: a tick listener, an inbox event handler or a one-shot callback that threw. One
 * handler per ticker ({@link Ticker#errorHandler(ErrorHandler)}) decides, instead of flags threaded through
 * the calls: the threaded ticker's default logs and goes on ({@link #logAndContinue}), the deterministic
 * invoker's default rethrows ({@link #rethrow}) so that a test or a replay sees the failure where it happened.
 * A {@link VirtualMachineError} (out of memory, stack overflow) always propagates.
 */
@FunctionalInterface
public interface ErrorHandler {
    /**
     * @param role  the ticker's role
     * @param where what threw, e.g. {@code timer 'control'}, {@code event handler}, {@code one-shot timer}
     * @param error what it threw (already counted in the timer's statistics when a listener threw)
     */
    void onError(String role, String where, Throwable error);

    /** Logs each error with its stack trace and lets the ticker go on. */
    static ErrorHandler logAndContinue() {
        return LogAndContinue.INSTANCE;
    }

    /** Rethrows each error to the caller of the tick (deterministic mode: the test or replay). */
    static ErrorHandler rethrow() {
        return (role, where, error) -> {
            if (error instanceof RuntimeException r) {
                throw r;
            }
            if (error instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(error);
        };
    }

    /** The default of the threaded ticker. */
    final class LogAndContinue implements ErrorHandler {
        static final LogAndContinue INSTANCE = new LogAndContinue();
        private static final Logger LOG = LoggerFactory.getLogger(Ticker.class);

        private LogAndContinue() {}

        @Override
        public void onError(String role, String where, Throwable error) {
            LOG.error("ticker '{}': {} threw; the ticker goes on", role, where, error);
        }
    }
}
