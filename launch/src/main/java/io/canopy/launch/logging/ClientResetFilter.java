package io.canopy.launch.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import org.slf4j.Marker;

/**
 * A client of the embedded broker that leaves without DISCONNECT (Ctrl-C on {@code canopy echo}, a killed
 * {@code mosquitto_sub}, a robot losing Wi-Fi) is normal: Moquette logs it at ERROR with a stack trace
 * ("Unexpected exception while processing MQTT message ... Connection reset"). This filter (installed by
 * {@link CanopyLogConfigurator}) drops exactly those: that logger, with an {@link IOException} saying the connection was
 * reset or broken (a refused oversize message, an IOException caused by the decoder, still shows). The broker closes the
 * session and publishes the client's Last Will as usual; every other error still shows.
 */
public final class ClientResetFilter extends TurboFilter {
    static final String MOQUETTE_HANDLER = "io.moquette.broker.NewNettyMQTTHandler";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (logger == null || !logger.getName().equals(MOQUETTE_HANDLER)) {
            return FilterReply.NEUTRAL;
        }
        // with parameters ("... CId={}", id, cause) the throwable comes as the last parameter, not as t
        Throwable cause = t != null ? t
                : params != null && params.length > 0 && params[params.length - 1] instanceof Throwable last ? last : null;
        return cause instanceof IOException && clientLeft(cause) ? FilterReply.DENY : FilterReply.NEUTRAL;
    }

    /** A reset or closed connection, not a refused message (an oversize one is an IOException caused by the decoder). */
    private static boolean clientLeft(Throwable cause) {
        if (cause.getCause() != null) {
            return false;
        }
        String m = cause.getMessage();
        return cause instanceof ClosedChannelException
                || m != null && (m.contains("Connection reset") || m.contains("Broken pipe"));
    }
}
