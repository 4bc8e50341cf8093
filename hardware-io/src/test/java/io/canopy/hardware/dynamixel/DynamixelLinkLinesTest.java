package io.canopy.hardware.dynamixel;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.hardware.health.LinkHealth;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A Dynamixel bus and a servo on it lost and back, on the manual clock against virtual servos on an in-process
 * wire: the bus's port (a pulled U2D2) and one servo (a broken cable) each tell one WARN line when lost and one INFO
 * line when back, in the one format, and the same change to the bus's listener (what the node puts on MQTT).
 */
class DynamixelLinkLinesTest extends WiredBusTest {
    @Test
    void theBusAndEachServoTellLostAndBackOnce() throws Exception {
        Logger log = (Logger) LoggerFactory.getLogger(LinkHealth.class);
        ListAppender<ILoggingEvent> health = new ListAppender<>();
        health.start();
        log.addAppender(health);
        try {
            servos = new VirtualServoBus(wire.end(true), 6.0, 1, 2).start();
            DynamixelConfig config = DynamixelConfig.of("arm", 1, 2).withTiming(10, 100).withStart(true, 3);
            bus = new DynamixelBus(config, ControlTable.xSeries(), wire.end(false), clock, inbox);
            List<LinkHealth.Change> heard = new ArrayList<>();
            bus.health().listener(heard::add);
            bus.servoHealth().forEach(h -> h.listener(heard::add));
            bus.start();
            until("both servos read", () -> bus.cycles() > 3 && count("arm.no_answer") == 0);

            servos.mute(2, true);
            until("servo 2 lost", () -> bus.servosLost() == 1);
            servos.mute(2, false);
            until("servo 2 back", () -> heard.size() == 2);

            wire.unplug(false); // the controller's adapter
            until("the bus lost", () -> !bus.isUp() && heard.size() == 3);
            long lostAt = clock.nanoTime();
            wire.plug();
            until("the bus back", () -> bus.isUp() && heard.size() == 4);

            List<String> warn = health.list.stream().filter(e -> e.getLevel() == Level.WARN).map(ILoggingEvent::getFormattedMessage).toList();
            List<String> info = health.list.stream().filter(e -> e.getLevel() == Level.INFO).map(ILoggingEvent::getFormattedMessage).toList();
            assertThat(warn).containsExactly(
                    "link 'arm/2' (dynamixel servo): lost \u2014 missed 3 reads in a row; failsafe: torque off",
                    "link 'arm' (dynamixel): lost \u2014 in-process B: cable unplugged; reopening; failsafe: goals stop; torque off when it is back");
            assertThat(info).hasSize(2);
            assertThat(info.get(0)).matches("link 'arm/2' \\(dynamixel servo\\): back after \\d+\\.\\d s");
            assertThat(info.get(1)).matches("link 'arm' \\(dynamixel\\): back after \\d+\\.\\d s");
            assertThat(heard).extracting(LinkHealth.Change::line).containsExactly(warn.get(0), info.get(0), warn.get(1), info.get(1));
            assertThat(heard.get(3).downNs()).isLessThanOrEqualTo(clock.nanoTime() - lostAt + 10_000_000L);
            assertThat(messages("lost")).as("no second wording of the same loss in the bus's own log").isEmpty();
        } finally {
            log.detachAppender(health);
        }
    }
}
