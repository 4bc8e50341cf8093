package io.canopy.launch.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/** {@code %held}: " (and N more like this held back)" after an event that {@link RepeatFilter} let through. */
public final class HeldBackConverter extends ClassicConverter {
    static final ThreadLocal<Long> HELD = ThreadLocal.withInitial(() -> 0L);

    @Override
    public String convert(ILoggingEvent event) {
        long held = HELD.get();
        HELD.set(0L);
        return held == 0 ? "" : " (and " + held + " more like this, held back)";
    }
}
