package io.canopy.launch.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Under systemd (stderr is JOURNAL_STREAM): one line per event, a syslog priority prefix, no wall-clock time. */
class JournalFormatTest {
    @TempDir
    Path dir;

    private static String encode(LoggerContext ctx, String appender, String logger, Level level, String msg, Throwable t) {
        @SuppressWarnings("unchecked")
        ConsoleAppender<ILoggingEvent> a = (ConsoleAppender<ILoggingEvent>) (appender.equals("STDERR")
                ? ctx.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(appender) : ctx.getLogger("io.moquette").getAppender(appender));
        LoggingEvent e = new LoggingEvent("fqcn", ctx.getLogger(logger), level, msg, t, null);
        return new String(((PatternLayoutEncoder) a.getEncoder()).encode(e), StandardCharsets.UTF_8);
    }

    private static LoggerContext configured(boolean journal) {
        LoggerContext ctx = new LoggerContext();
        CanopyLogConfigurator c = new CanopyLogConfigurator();
        c.setContext(ctx);
        c.configure(ctx, journal);
        return ctx;
    }

    @Test
    void journalLinesCarryTheSyslogPriorityAndNoTime() {
        LoggerContext ctx = configured(true);
        assertThat(encode(ctx, "STDERR", "io.canopy.run", Level.WARN, "late tick", null))
                .isEqualTo("<4>WARN  io.canopy.run - late tick\n");
        assertThat(encode(ctx, "STDERR", "io.canopy.run", Level.ERROR, "x", null)).startsWith("<3>ERROR ");
        assertThat(encode(ctx, "STDERR", "io.canopy.run", Level.INFO, "x", null)).startsWith("<6>INFO  ");
        assertThat(encode(ctx, "STDERR", "io.canopy.run", Level.DEBUG, "x", null)).startsWith("<7>DEBUG ");
        String folded = encode(ctx, "STDERR", "io.canopy.run", Level.ERROR, "two\nlines", new IOException("boom\nmore"));
        assertThat(folded).startsWith("<3>ERROR io.canopy.run - two | lines").contains("java.io.IOException: boom")
                .endsWith("\n");
        assertThat(folded.strip()).doesNotContain("\n").doesNotContain("\t");
        assertThat(encode(ctx, "ONELINE", "io.moquette.X", Level.WARN, "client cut off", null))
                .isEqualTo("<4>WARN  io.moquette.X - client cut off\n");
    }

    @Test
    void aTerminalOrPipeKeepsTheTimeStamp() {
        LoggerContext ctx = configured(false);
        assertThat(encode(ctx, "STDERR", "io.canopy.run", Level.WARN, "late tick", null))
                .matches("\\d\\d:\\d\\d:\\d\\d\\.\\d\\d\\d WARN  io.canopy.run - late tick\\n");
    }

    @Test
    void journalStreamMustNameStderr() throws Exception {
        Path f = Files.writeString(dir.resolve("stderr"), "");
        long dev = ((Number) Files.getAttribute(f, "unix:dev")).longValue();
        long ino = ((Number) Files.getAttribute(f, "unix:ino")).longValue();
        assertThat(JournalStream.detect(dev + ":" + ino, f)).isTrue();
        assertThat(JournalStream.detect(dev + ":" + (ino + 1), f)).as("inherited by a child writing elsewhere").isFalse();
        assertThat(JournalStream.detect(null, f)).isFalse();
        assertThat(JournalStream.detect("", f)).isFalse();
        assertThat(JournalStream.detect("garbage", f)).isFalse();
    }

    @Test
    void errorLinesOfCommandsGetThePriorityToo() {
        StringWriter out = new StringWriter();
        PrintWriter w = JournalStream.prefixLines(out, "<3>");
        w.println("canopy: /etc/canopy/x.launch.xml:3:31: bad");
        w.print("canopy: second");
        w.println();
        w.flush();
        assertThat(out.toString()).isEqualTo("<3>canopy: /etc/canopy/x.launch.xml:3:31: bad\n<3>canopy: second\n");
    }
}
