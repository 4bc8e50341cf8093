package io.canopy.messaging.broker;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns chatty third-party loggers (Moquette, Netty) down to WARN when the logging backend is Logback and the
 * configuration gave them no level of their own, so an explicit level in {@code logback.xml} still wins.
 * Reflection keeps Logback an optional dependency of this module; with another backend it does nothing.
 */
final class LogLevels {
    private static final String LOGBACK_LOGGER = "ch.qos.logback.classic.Logger";

    private LogLevels() {}

    static void quietByDefault(List<String> loggerNames) {
        for (String name : loggerNames) {
            Logger logger = LoggerFactory.getLogger(name);
            if (!logger.getClass().getName().equals(LOGBACK_LOGGER)) {
                return;
            }
            try {
                Class<?> levelClass = Class.forName("ch.qos.logback.classic.Level", true, logger.getClass().getClassLoader());
                if (logger.getClass().getMethod("getLevel").invoke(logger) == null) {
                    logger.getClass().getMethod("setLevel", levelClass).invoke(logger, levelClass.getField("WARN").get(null));
                }
            } catch (ReflectiveOperationException | LinkageError e) {
                LoggerFactory.getLogger(LogLevels.class).debug("cannot set the level of {}: {}", name, e.toString());
            }
        }
    }
}
