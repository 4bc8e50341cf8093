package io.canopy.launch.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A log line never starts glued to the live status line; the width is the terminal's, not only $COLUMNS. */
class TerminalLineTest {
    @AfterEach
    void hidden() {
        TerminalLine.showing(false);
    }

    private static String encode(LoggerContext ctx, String msg) {
        @SuppressWarnings("unchecked")
        ConsoleAppender<ILoggingEvent> a = (ConsoleAppender<ILoggingEvent>) ctx.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        LoggingEvent e = new LoggingEvent("fqcn", ctx.getLogger("io.canopy.run"), Level.WARN, msg, null, null);
        return new String(((PatternLayoutEncoder) a.getEncoder()).encode(e), StandardCharsets.UTF_8);
    }

    @Test
    void aLogLineAfterTheStatusLineClearsItFirstOnce() {
        LoggerContext ctx = new LoggerContext();
        CanopyLogConfigurator c = new CanopyLogConfigurator();
        c.setContext(ctx);
        c.configure(ctx, false);
        assertThat(encode(ctx, "a")).matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  io.canopy.run - a\\n");
        TerminalLine.showing(true);
        assertThat(encode(ctx, "b")).startsWith("\r\u001b[K").matches("(?s)\r\u001b\\[K\\d\\d:.* - b\\n");
        assertThat(encode(ctx, "c")).doesNotContain("\r").doesNotContain("\u001b");
    }

    @Test
    void theJournalNeverGetsTerminalCodes() {
        LoggerContext ctx = new LoggerContext();
        CanopyLogConfigurator c = new CanopyLogConfigurator();
        c.setContext(ctx);
        c.configure(ctx, true);
        TerminalLine.showing(true);
        assertThat(encode(ctx, "x")).isEqualTo("<4>WARN  io.canopy.run - x\n");
    }

    @Test
    void widthOfANonTerminalIsTheFallback() {
        assertThat(TerminalLine.Winsize.columns(Integer.MAX_VALUE)).isZero(); // no such descriptor
        if (System.getenv("COLUMNS") == null && TerminalLine.Winsize.columns(1) == 0) {
            assertThat(TerminalLine.width(123)).isEqualTo(123);
        }
    }
}
