package io.canopy.launch.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.pattern.DynamicConverter;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Canopy's logging configuration, in code: Logback finds it through {@code META-INF/services} before it looks
 * for a {@code logback.xml}, and configuring in code spares every command the XML configurator (Joran: several
 * hundred classes and about a tenth of a second at start). Logs go to stderr, so stdout carries only command
 * output; {@code io.canopy} at {@code CANOPY_LOG_LEVEL} (default INFO), everything else at WARN; the embedded
 * broker's and Netty's incidents one line each ({@link RepeatFilter}, {@link HeldBackConverter}), a client
 * leaving without DISCONNECT not at all ({@link ClientResetFilter}). With {@code -Dlogback.configurationFile=FILE}
 * Logback reads that file instead. Under systemd, with stderr in the journal, each event is one line with a
 * syslog priority prefix and no time stamp ({@link #JOURNAL_PATTERN}).
 */
public final class CanopyLogConfigurator extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%clearline%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%n";
    /** The exception's first line and frame folded onto the message, never a 40-line trace. */
    static final String ONE_LINE_PATTERN =
            "%clearline%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%held%replace( [%ex{1}]){'[\\r\\n\\t]+| \\[\\]', ' '}%nopex%n";

    /** The exception's first line and frame, folded onto the event's line; nothing (no trailing space) without one. */
    private static final String JOURNAL_EX = "%replace(%replace( [%ex{1}]){' \\[\\]', ''}){'[\\r\\n\\t]+', ' '}%nopex%n";
    /**
     * Under systemd with stderr in the journal ({@link JournalStream}): one line per event (the message's line breaks
     * and the exception folded), no time stamp (journald stamps every line), a syslog priority prefix.
     */
    static final String JOURNAL_PATTERN = "%syslog%-5level %logger{20} - %replace(%msg){'[\\r\\n]+', ' | '}"
            + JOURNAL_EX;
    static final String JOURNAL_ONE_LINE_PATTERN = "%syslog%-5level %logger{20} - %replace(%msg){'[\\r\\n]+', ' | '}%held" + JOURNAL_EX;

    @Override
    public ExecutionStatus configure(LoggerContext ctx) {
        return configure(ctx, JournalStream.active());
    }

    ExecutionStatus configure(LoggerContext ctx, boolean journal) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY; // the user's file
        }
        ctx.getStatusManager().add(new NopStatusListener());
        Map<String, Supplier<DynamicConverter<?>>> rules = new HashMap<>();
        rules.put("held", HeldBackConverter::new);
        rules.put("syslog", SyslogPriorityConverter::new);
        rules.put("clearline", TerminalLine::new);
        ctx.putObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS, rules);

        ClientResetFilter resets = new ClientResetFilter();
        resets.setContext(ctx);
        resets.start();
        ctx.addTurboFilter(resets);

        ConsoleAppender<ILoggingEvent> stderr = appender(ctx, "STDERR", journal ? JOURNAL_PATTERN : PATTERN);
        ConsoleAppender<ILoggingEvent> oneLine = appender(ctx, "ONELINE", journal ? JOURNAL_ONE_LINE_PATTERN : ONE_LINE_PATTERN);
        RepeatFilter repeats = new RepeatFilter(); // a repeated incident shown once per 10 s, with a count
        repeats.setContext(ctx);
        repeats.start();
        oneLine.addFilter(repeats);
        stderr.start();
        oneLine.start();

        level(ctx, "io.canopy", Level.toLevel(setting("CANOPY_LOG_LEVEL"), Level.INFO));
        level(ctx, "io.moquette", Level.WARN).setAdditive(false);
        ctx.getLogger("io.moquette").addAppender(oneLine);
        // a port that cannot be bound is logged here with a stack trace, then reported by canopy as one line
        level(ctx, "io.moquette.broker.NewNettyAcceptor", Level.OFF);
        level(ctx, "io.netty", Level.WARN).setAdditive(false);
        ctx.getLogger("io.netty").addAppender(oneLine);
        // the broker stopping while a client's DISCONNECT is processed: a benign race netty logs with a trace
        level(ctx, "io.netty.util.concurrent.DefaultPromise.rejectedExecution", Level.OFF);
        level(ctx, "org.eclipse.paho", Level.WARN);
        Logger root = level(ctx, Logger.ROOT_LOGGER_NAME, Level.WARN);
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** A system property, else the environment variable, else null (as Logback's {@code ${NAME:-default}}). */
    private static String setting(String name) {
        String v = System.getProperty(name);
        return v != null ? v : System.getenv(name);
    }

    private static Logger level(LoggerContext ctx, String name, Level level) {
        Logger l = ctx.getLogger(name);
        l.setLevel(level);
        return l;
    }

    private static ConsoleAppender<ILoggingEvent> appender(LoggerContext ctx, String name, String pattern) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(ctx);
        encoder.setPattern(pattern);
        encoder.start();
        ConsoleAppender<ILoggingEvent> a = new ConsoleAppender<>();
        a.setContext(ctx);
        a.setName(name);
        a.setTarget("System.err");
        a.setEncoder(encoder);
        return a;
    }
}
