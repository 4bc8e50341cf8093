package io.canopy.launch.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

class RepeatFilterTest {
    private static LoggingEvent event(String logger, String message, Object... args) {
        LoggerContext ctx = new LoggerContext();
        return new LoggingEvent("fqcn", ctx.getLogger(logger), Level.WARN, message, null, args);
    }

    @Test
    void theFirstOfAKindPassesRepeatsAreHeldBackAndCountedOnTheNextOneShown() throws Exception {
        RepeatFilter f = new RepeatFilter();
        f.setContext(new LoggerContext());
        f.setQuietMs(1);
        assertThat(f.decide(event("io.moquette.X", "queue {} is full", 1))).isEqualTo(FilterReply.NEUTRAL);
        f.setQuietMs(60_000);
        for (int i = 0; i < 5; i++) {
            assertThat(f.decide(event("io.moquette.X", "queue {} is full", 1))).isEqualTo(FilterReply.DENY);
        }
        assertThat(f.decide(event("io.moquette.X", "another kind"))).as("other kinds are independent").isEqualTo(FilterReply.NEUTRAL);
        assertThat(f.decide(event("io.netty.Y", "queue {} is full", 1))).as("per logger").isEqualTo(FilterReply.NEUTRAL);
        f.setQuietMs(0);
        LoggingEvent next = event("io.moquette.X", "queue {} is full", 1);
        assertThat(f.decide(next)).isEqualTo(FilterReply.NEUTRAL);
        assertThat(new HeldBackConverter().convert(next)).isEqualTo(" (and 5 more like this, held back)");
        assertThat(new HeldBackConverter().convert(next)).as("said once").isEmpty();
    }
}
