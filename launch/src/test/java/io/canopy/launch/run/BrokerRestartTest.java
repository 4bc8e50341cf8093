package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node started by {@code canopy run} on a real Mosquitto sees a restarted broker quickly (issue #14: reconnect
 * retries are capped at 500 ms): the broker is killed with SIGKILL, left down for 2 s (so the node's backoff has
 * grown to its cap), started again on the same port, and the time from the broker accepting connections to the
 * node being connected is measured and printed. The bound is generous (a loaded CI host); the figure is the
 * printed one.
 */
class BrokerRestartTest {
    @TempDir
    Path dir;

    @Test
    void aRestartedBrokerIsSeenWithinTheReconnectCap() throws Exception {
        MosquittoProcess.requireInstalled();
        Files.writeString(dir.resolve("t.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="T">
                  <BehaviorTree ID="T"><KeepRunningUntilFailure><AlwaysSuccess/></KeepRunningUntilFailure></BehaviorTree>
                </root>
                """);
        try (MosquittoProcess broker = MosquittoProcess.start(dir)) {
            Path launch = Files.writeString(dir.resolve("n.launch.xml"), """
                    <launch>
                      <node name="restart" namespace="robot1">
                        <timer name="control" hz="50"/>
                        <tree file="t.xml" timer="control"/>
                        <mqtt broker="%s"/>
                      </node>
                    </launch>
                    """.formatted(broker.url()));
            LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(launch, Map.of()));
            try {
                NodeView node = runner.views().get(0);
                await().atMost(Duration.ofSeconds(20)).until(node::mqttConnected);
                double worstMs = 0;
                for (int round = 0; round < 3; round++) {
                    broker.kill();
                    await().atMost(Duration.ofSeconds(10)).until(() -> !node.mqttConnected());
                    LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2)); // the broker stays down: the backoff reaches its cap
                    broker.restart(); // returns once the broker accepts connections
                    long up = System.nanoTime();
                    await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5)).until(node::mqttConnected);
                    double ms = (System.nanoTime() - up) / 1e6;
                    worstMs = Math.max(worstMs, ms);
                    System.out.printf("broker restart %d: broker accepting to node connected %.0f ms%n", round + 1, ms);
                }
                assertThat(worstMs).as("retries are capped at 500 ms; the rest is the connect itself on a loaded host")
                        .isLessThan(1500);
            } finally {
                runner.shutdown();
            }
        }
    }
}
