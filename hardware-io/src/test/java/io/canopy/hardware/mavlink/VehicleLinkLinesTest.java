package io.canopy.hardware.mavlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.hardware.stream.UdpByteTransport;
import io.canopy.testkit.MavlinkPeer;
import io.canopy.tick.ManualNanoClock;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A MAVLink vehicle (the node-mavlink peer over UDP) going quiet with its port open, and a byte link whose port goes
 * away: each tells one WARN line when lost and one INFO line when back, in the one format, timed by the manual clock,
 * and the same change to its listener (what the node puts on MQTT).
 */
class VehicleLinkLinesTest {
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

    private List<String> at(Level level) {
        return lines.list.stream().filter(e -> e.getLevel() == level).map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void aVehicleThatGoesQuietIsToldLostAfterTheHeartbeatTimeoutAndBack() throws Exception {
        MavlinkPeer.assumeAvailable();
        UdpByteTransport udp = new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0), null);
        MavlinkConfig config = MavlinkConfig.of("fc").withTimeouts(2500, 1000, 3);
        try (VehicleHarness h = new VehicleHarness(config, udp);
                MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(udp.localPort()))) {
            List<LinkHealth.Change> heard = new CopyOnWriteArrayList<>();
            h.vehicle.health().listener(heard::add);
            h.until("heartbeat", 15, h.vehicle::connected);
            assertThat(lines.list).as("the first heartbeat is no 'back'").isEmpty();
            peer.tell("silence");
            h.until("lost after the 2.5 s heartbeat timeout", 15, () -> !h.vehicle.connected());
            peer.tell("resume");
            h.until("back", 15, h.vehicle::connected);
            assertThat(at(Level.WARN)).containsExactly(
                    "link 'fc' (mavlink): lost \u2014 no HEARTBEAT for 2.5 s; failsafe: set-points stopped (the autopilot's own"
                            + " link-loss failsafe acts)");
            assertThat(at(Level.INFO)).hasSize(1);
            assertThat(at(Level.INFO).get(0)).matches("link 'fc' \\(mavlink\\): back after \\d+\\.\\d s");
            assertThat(heard).extracting(LinkHealth.Change::lost).containsExactly(true, false);
            assertThat(h.events).contains("fc.link_lost", "fc.link_back");
        }
    }

    @Test
    void aByteLinkWhosePortGoesAwayIsToldLostAndBackByItsClock() throws Exception {
        ManualNanoClock clock = new ManualNanoClock();
        InProcessWire wire = new InProcessWire();
        List<LinkHealth.Change> heard = new CopyOnWriteArrayList<>();
        try (ByteLink link = new ByteLink("radio", wire.end(true), (buf, len) -> { }, 4, 64, 10, 50, clock)) {
            link.health().listener(heard::add);
            link.start(true);
            wire.unplug(true);
            await("lost").until(() -> heard.size() == 1);
            clock.advanceNs(1_200_000_000L);
            wire.plug();
            await("back").until(() -> heard.size() == 2);
        }
        assertThat(at(Level.WARN)).containsExactly(
                "link 'radio' (byte link): lost \u2014 in-process A: cable unplugged; failsafe: frames refused; the port is"
                        + " reopened with a backoff up to 50 ms");
        assertThat(at(Level.INFO)).containsExactly("link 'radio' (byte link): back after 1.2 s");
    }
}
