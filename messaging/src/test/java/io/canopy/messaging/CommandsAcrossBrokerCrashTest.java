package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.proto.Event;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault suite's QoS 1 case (issue #14): an operator node sends 300 numbered QoS 1 commands at 100/s to a
 * robot node through a Mosquitto with persistence; the broker is killed with SIGKILL after the 120th and
 * restarted a second later. Every command is handled by the robot exactly once: none lost (the operator's
 * outage buffer and resends, the robot's persistent session and the broker's persistence), none handled twice
 * (a command resent because its acknowledgement died with the broker is recognised by its message id).
 */
class CommandsAcrossBrokerCrashTest {
    @TempDir
    Path dir;

    @Test
    void everyCommandIsHandledExactlyOnceAcrossABrokerCrash() throws Exception {
        List<String> persistence = List.of("allow_anonymous true", "persistence true", "persistence_location " + dir + "/",
                "autosave_interval 1", "autosave_on_changes true");
        int total = 300;
        try (MosquittoProcess broker = MosquittoProcess.start(dir, persistence)) {
            Map<Integer, AtomicInteger> handled = new ConcurrentHashMap<>();
            try (MqttNode robot = MqttNode.start(NodeConfig.builder("controller").namespace("robot1").broker(broker.url())
                            .persistentSession(true).reconnectBackoffMs(100, 500).build());
                    MqttNode operator = MqttNode.start(NodeConfig.builder("operator").broker(broker.url())
                            .reconnectBackoffMs(100, 500).build())) {
                robot.newSubscriber("cmd", Event.class, Qos.AT_LEAST_ONCE, (e, env) ->
                        handled.computeIfAbsent(Integer.parseInt(e.getName().substring(1)), k -> new AtomicInteger())
                                .incrementAndGet());
                Publisher<Event> cmd = operator.newPublisher("/robot1/cmd", Event.class, Qos.AT_LEAST_ONCE, false);
                assertThat(robot.awaitConnected(10_000) && operator.awaitConnected(10_000)).isTrue();
                long next = System.nanoTime();
                for (int i = 0; i < total; i++) {
                    if (i == 120) {
                        broker.kill();
                        Thread restart = new Thread(() -> {
                            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
                            broker.restart();
                        });
                        restart.start();
                    }
                    cmd.publish(Event.newBuilder().setName("c" + i).build());
                    next += TimeUnit.MILLISECONDS.toNanos(10); // 100 commands per second
                    LockSupport.parkNanos(next - System.nanoTime());
                }
                await().atMost(Duration.ofSeconds(30)).until(() -> handled.size() == total);
                for (int i = 0; i < total; i++) {
                    assertThat(handled.get(i)).as("command c%d", i).isNotNull();
                    assertThat(handled.get(i).get()).as("command c%d handled once", i).isEqualTo(1);
                }
                assertThat(robot.stats().connectionLosses()).as("the robot saw the crash").isPositive();
                System.out.printf("300 commands across a broker crash: 0 lost, 0 handled twice; %d repeats dropped, %d"
                        + " resent by the operator%n", robot.stats().duplicates(), operator.stats().resent());
            }
        }
    }
}
