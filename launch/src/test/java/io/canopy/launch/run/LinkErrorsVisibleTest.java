package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.LaunchLoader;
import io.canopy.proto.Envelope;
import io.canopy.proto.Heartbeat;
import io.canopy.proto.LinkStatus;
import java.io.FileOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frame errors are visible remotely (issue #14): garbage written on the far end of a real pty shows in the
 * link's {@code LinkStatus} (what telemetry publishes on {@code <ns>/<node>/links}) and in the status line, next to
 * the good frames a peer sends.
 */
class LinkErrorsVisibleTest {
    @TempDir
    Path dir;

    @Test
    void garbageOnTheLineIsCountedByCauseAndShownInTheStatusLine() throws Exception {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        try (SocatPtyPair pair = SocatPtyPair.start(dir)) {
            Path launch = Files.writeString(dir.resolve("errors.launch.xml"), """
                    <launch>
                      <arg name="port"/>
                      <node name="n">
                        <timer name="control" hz="50"/>
                        <serial name="base" port="$(var port)" baud="115200" timeout_ms="0"/>
                        <mqtt port="0"/>
                      </node>
                    </launch>
                    """);
            LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(launch, Map.of("port", pair.a().toString())));
            try (SerialLink peer = SerialLink.open(SerialConfig.of(pair.b().toString(), 115200), (l, e, t) -> { }).start()) {
                await().atMost(Duration.ofSeconds(10)).until(peer::isConnected);
                for (int i = 0; i < 3; i++) {
                    peer.send(Envelope.newBuilder().setHeartbeat(Heartbeat.newBuilder().setUptimeMs(i)).build());
                }
                NodeView view = runner.views().get(0);
                await().atMost(Duration.ofSeconds(10)).until(() -> view.linkStatus("base").getFramesReceived() >= 3);
                try (FileOutputStream raw = new FileOutputStream(pair.b().toFile())) {
                    // three frames of garbage between delimiters: not COBS, or COBS with a wrong CRC
                    raw.write(new byte[] {0, 5, 1, 2, 3, 0, 3, 7, 7, 0, 2, 9, 0});
                }
                await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                    LinkStatus s = view.linkStatus("base");
                    assertThat(s.getBadCobs() + s.getShortFrames() + s.getBadCrc()).isGreaterThanOrEqualTo(2);
                });
                LinkStatus s = view.linkStatus("base");
                assertThat(s.getLink()).isEqualTo("base");
                assertThat(s.getConnected()).isTrue();
                assertThat(s.getFramesReceived()).isGreaterThanOrEqualTo(3);
                assertThat(runner.statusLines().get(0)).containsPattern("base up errors [1-9]");
            } finally {
                runner.shutdown();
            }
        }
    }
}
