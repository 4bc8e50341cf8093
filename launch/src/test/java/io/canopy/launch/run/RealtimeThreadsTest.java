package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.canopy.launch.LaunchLoader;
import io.canopy.tick.realtime.RealtimeKnobs;
import io.canopy.tick.realtime.RealtimeOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code <realtime fifo io_fifo>} reaches the threads: read back from the kernel ({@code /proc/self/task/TID/stat},
 * fields 40 and 41: rt_priority and policy), the node's tick thread runs SCHED_FIFO at {@code fifo} and its serial
 * link's reader and writer at {@code io_fifo}; the MQTT and JVM threads are left alone. Needs a host that grants
 * SCHED_FIFO (root or CAP_SYS_NICE), which is checked first.
 */
class RealtimeThreadsTest {
    @TempDir
    Path dir;

    @Test
    void theTickThreadAndTheLinkThreadsRunAtTheirFifoPriorities() throws Exception {
        assumeTrue(fifoGranted(), "SCHED_FIFO is not granted here (needs root or CAP_SYS_NICE): skipped");
        Files.writeString(dir.resolve("t.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="T">
                  <BehaviorTree ID="T"><KeepRunningUntilFailure><AlwaysSuccess/></KeepRunningUntilFailure></BehaviorTree>
                </root>
                """);
        Path launch = Files.writeString(dir.resolve("rt.launch.xml"), """
                <launch>
                  <node name="rtnode">
                    <realtime fifo="7" io_fifo="5" timer_slack_ns="1"/>
                    <timer name="control" hz="50"/>
                    <serial name="base" port="sim:diffdrive"/>
                    <tree file="t.xml" timer="control"/>
                    <mqtt port="0"/>
                  </node>
                </launch>
                """);
        LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(launch, Map.of()));
        try {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                Map<String, int[]> threads = threads();
                assertThat(threads.get("rtnode")).as("tick thread: rt_priority, policy").containsExactly(7, 1);
                assertThat(threads.get("serial-reader b")).as("link reader").containsExactly(5, 1);
                assertThat(threads.get("serial-writer b")).as("link writer").containsExactly(5, 1);
                assertThat(threads.entrySet()).filteredOn(e -> e.getKey().startsWith("MQTT"))
                        .as("the MQTT client's threads are left alone").isNotEmpty()
                        .allSatisfy(e -> assertThat(e.getValue()).containsExactly(0, 0));
            });
        } finally {
            runner.shutdown();
        }
    }

    /** Thread name (as the kernel keeps it, 15 characters) to {rt_priority, policy}. */
    private static Map<String, int[]> threads() throws IOException {
        Map<String, int[]> byName = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                try {
                    String comm = Files.readString(t.resolve("comm")).strip();
                    String stat = Files.readString(t.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // f[0] is field 3 (state)
                    byName.put(comm, new int[] {Integer.parseInt(f[40 - 3]), Integer.parseInt(f[41 - 3])});
                } catch (IOException gone) {
                    // the thread ended while we looked
                }
            }
        }
        return byName;
    }

    private static boolean fifoGranted() throws InterruptedException {
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            return false;
        }
        AtomicBoolean granted = new AtomicBoolean();
        Thread probe = new Thread(() -> granted.set(RealtimeKnobs.apply(RealtimeOptions.NONE.fifoPriority(1), "fifo probe").allApplied()));
        probe.start();
        probe.join();
        return granted.get();
    }
}
