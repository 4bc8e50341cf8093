package io.canopy.tick;

/**
 * The one source of time for control: a monotonic nanosecond counter with an arbitrary origin. Production
 * uses {@link SystemNanoClock}; tests, tree-test, scxml-test and replay use {@link ManualNanoClock}, which
 * moves only when told. Compare instants wrap-safely: {@code deadlineNs - nowNs < 0} means "passed".
 */
@FunctionalInterface
public interface NanoClock {
    long nanoTime();
}
