package io.canopy.launch.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The configuration in code gives what logback.xml gave: levels, appenders, the one-line pattern with %held. */
class CanopyLogConfiguratorTest {
    @Test
    void levelsAppendersAndTheOneLinePatternAsBefore() {
        LoggerContext ctx = new LoggerContext();
        CanopyLogConfigurator c = new CanopyLogConfigurator();
        c.setContext(ctx);
        assertThat(c.configure(ctx)).isEqualTo(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);

        assertThat(ctx.getLogger(Logger.ROOT_LOGGER_NAME).getLevel()).isEqualTo(Level.WARN);
        assertThat(ctx.getLogger("io.canopy").getEffectiveLevel()).isIn(Level.INFO,
                Level.toLevel(System.getenv("CANOPY_LOG_LEVEL"), Level.INFO));
        assertThat(ctx.getLogger("io.moquette.broker.NewNettyAcceptor").getEffectiveLevel()).isEqualTo(Level.OFF);
        assertThat(ctx.getLogger("org.eclipse.paho").getEffectiveLevel()).isEqualTo(Level.WARN);
        assertThat(ctx.getLogger("io.netty").isAdditive()).isFalse();
        assertThat(ctx.getTurboFilterList()).hasOnlyElementsOfType(ClientResetFilter.class).hasSize(1);

        ConsoleAppender<ILoggingEvent> stderr =
                (ConsoleAppender<ILoggingEvent>) ctx.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        assertThat(stderr.getTarget()).isEqualTo("System.err");
        ConsoleAppender<ILoggingEvent> oneLine = (ConsoleAppender<ILoggingEvent>) ctx.getLogger("io.moquette").getAppender("ONELINE");
        assertThat(oneLine).isSameAs(ctx.getLogger("io.netty").getAppender("ONELINE"));
        assertThat(oneLine.getCopyOfAttachedFiltersList()).hasOnlyElementsOfType(RepeatFilter.class);

        Logger moquette = ctx.getLogger("io.moquette.broker.X");
        LoggingEvent e = new LoggingEvent("fqcn", moquette, Level.WARN, "client {} cut off", new IOException("boom\nsecond line"),
                new Object[] {"c1"});
        HeldBackConverter.HELD.set(3L);
        String line = new String(((PatternLayoutEncoder) oneLine.getEncoder()).encode(e), StandardCharsets.UTF_8);
        assertThat(line).contains("WARN", "client c1 cut off (and 3 more like this, held back)", "java.io.IOException: boom")
                .doesNotContain("PARSER_ERROR");
        assertThat(line.strip()).doesNotContain("\n").doesNotContain("\t");
    }
}
