package io.canopy.launch.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.groot.BtlogReader;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.PatrolDemoTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy run --btlog DIR --groot2 PORT}: the demo runs with a .btlog per tree and Groot2 servers; after a
 * clean stop, the patrol tree's log (read back in BT.CPP's FileLogger2 layout) holds its transitions, ending with
 * the halt of the shutdown.
 */
class TreeMonitoringTest {
    @TempDir
    Path dir;

    @Test
    void theDemoRecordsABtlogPerTreeThatEndsWithTheShutdownHalt() throws Exception {
        Path logs = dir.resolve("logs");
        int port = PatrolDemoTest.freePort();
        LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", String.valueOf(PatrolDemoTest.freePort()))), NodeRegistry.withBuiltins(), new MonitorOptions(port, logs, null, null));
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> runner.views().get(0).runningAction("patrol").startsWith("South"));
        } finally {
            runner.shutdown();
        }
        assertThat(logs.resolve("patrol.btlog")).exists();
        assertThat(logs.resolve("dock.btlog")).exists();
        BtlogReader.Btlog log = BtlogReader.read(logs.resolve("patrol.btlog"));
        assertThat(log.protocol()).isEqualTo(1);
        assertThat(log.xml()).contains("SouthWest");
        assertThat(log.size()).isGreaterThan(5);
        boolean sawSouthWestRunning = false;
        for (int k = 0; k < log.size(); k++) {
            if (log.path(log.uid()[k]).endsWith("SouthWest") && log.statusName(k).equals("RUNNING")) {
                sawSouthWestRunning = true;
            }
        }
        assertThat(sawSouthWestRunning).as("the first waypoint ran").isTrue();
        assertThat(log.statusName(log.size() - 1)).as("the last transition is the halt of the shutdown").isEqualTo("IDLE");
        assertThat(Files.size(logs.resolve("patrol.btlog"))).isGreaterThan(100);
    }
}
