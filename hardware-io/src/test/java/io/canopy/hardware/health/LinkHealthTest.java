package io.canopy.hardware.health;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The one format: a WARN line on lost, an INFO line on back timed by the role's clock, each change told once. */
class LinkHealthTest {
    private final Logger log = (Logger) LoggerFactory.getLogger(LinkHealth.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void listen() {
        lines.start();
        log.addAppender(lines);
    }

    @AfterEach
    void close() {
        log.detachAppender(lines);
    }

    @Test
    void lostAndBackAreToldOnceEachInOneFormatAndToTheListener() {
        ManualNanoClock clock = new ManualNanoClock(5_000_000_000L);
        LinkHealth fc = new LinkHealth("fc", "mavlink", "hold (BRAKE)", clock);
        List<LinkHealth.Change> heard = new ArrayList<>();
        fc.listener(heard::add);

        assertThat(fc.back()).as("back before ever lost tells nothing").isFalse();
        assertThat(fc.lost("no HEARTBEAT for 2.5 s")).isTrue();
        clock.advanceNs(1_000_000_000L);
        assertThat(fc.lost("no HEARTBEAT for 3.5 s")).as("lost again while lost").isFalse();
        clock.advanceNs(2_100_000_000L);
        assertThat(fc.back()).isTrue();
        assertThat(fc.back()).isFalse();

        assertThat(lines.list).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO);
        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
                "link 'fc' (mavlink): lost \u2014 no HEARTBEAT for 2.5 s; failsafe: hold (BRAKE)",
                "link 'fc' (mavlink): back after 3.1 s");
        assertThat(heard).extracting(LinkHealth.Change::line)
                .containsExactlyElementsOf(lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList());
        assertThat(heard.get(0).lost()).isTrue();
        assertThat(heard.get(1).downNs()).isEqualTo(3_100_000_000L);
        assertThat(fc.lostCount()).isEqualTo(1);
    }

    @Test
    void aListenerThatThrowsDoesNotStopTheLink() {
        ManualNanoClock clock = new ManualNanoClock();
        LinkHealth l = new LinkHealth("arm", "dynamixel", "torque off", clock);
        l.listener(c -> {
            throw new IllegalStateException("broken listener");
        });
        assertThat(l.lost("port gone")).isTrue();
        assertThat(l.isLost()).isTrue();
        assertThat(l.back(clock.nanoTime() + 500_000_000L)).isTrue();
        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).contains("link 'arm' (dynamixel): back after 0.5 s");
    }
}
