package io.canopy.launch.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %syslog}: the syslog priority prefix journald reads from a service's stderr ({@code <3>} ERROR,
 * {@code <4>} WARN, {@code <6>} INFO, {@code <7>} DEBUG and TRACE), so {@code journalctl -p warning} works.
 */
public final class SyslogPriorityConverter extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return prefix(event.getLevel());
    }

    static String prefix(Level level) {
        switch (level.toInt()) {
            case Level.ERROR_INT:
                return "<3>";
            case Level.WARN_INT:
                return "<4>";
            case Level.INFO_INT:
                return "<6>";
            default:
                return "<7>";
        }
    }
}
