package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.launch.LaunchLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes on one tick thread ({@code canopy fleet --shared-ticker}): both tick, only on the shared thread, each
 * keeps its own timers; when one node's tick hangs, the one watchdog stops every node on the thread (each node's
 * failsafe counts the stall), and shutdown ends the thread. Real clock: the group needs one; no timing assertions.
 */
class SharedTickerRunnerTest {
    @TempDir
    Path dir;
    private SharedTickerRunner runner;

    static final Set<String> THREADS = ConcurrentHashMap.newKeySet();
    static final AtomicInteger TICKS_A = new AtomicInteger();
    static final AtomicInteger TICKS_B = new AtomicInteger();
    static final AtomicBoolean FREEZE = new AtomicBoolean();

    @AfterEach
    void stop() {
        FREEZE.set(false);
        if (runner != null) {
            runner.close();
        }
    }

    private static NodeRegistry registry() {
        THREADS.clear();
        TICKS_A.set(0);
        TICKS_B.set(0);
        FREEZE.set(false);
        return NodeRegistry.withBuiltins().copy().registerAction("CountA", () -> {
            THREADS.add(Thread.currentThread().getName());
            TICKS_A.incrementAndGet();
            if (FREEZE.getAndSet(false)) {
                long until = System.nanoTime() + 300_000_000L;
                while (System.nanoTime() - until < 0) {
                    Thread.onSpinWait(); // a hung leaf: the shared thread is stuck here for 300 ms
                }
            }
            return Status.RUNNING;
        }).registerAction("CountB", () -> {
            THREADS.add(Thread.currentThread().getName());
            TICKS_B.incrementAndGet();
            return Status.RUNNING;
        });
    }

    private static String tree(String leaf) {
        return """
                <root BTCPP_format="4" main_tree_to_execute="T"><BehaviorTree ID="T"><%s/></BehaviorTree></root>
                """.formatted(leaf);
    }

    @Test
    void twoNodesTickOnOneThreadAndAStallOfOneFailsBothSafe() throws Exception {
        Files.writeString(dir.resolve("a.xml"), tree("CountA"));
        Files.writeString(dir.resolve("b.xml"), tree("CountB"));
        Path launch = Files.writeString(dir.resolve("two.launch.xml"), """
                <launch>
                  <node name="a" stall_ms="60"><timer name="control" hz="50"/><tree file="a.xml" timer="control"/></node>
                  <node name="b" stall_ms="60"><timer name="control" hz="50"/><timer name="slow" hz="5"/><tree file="b.xml" timer="control"/></node>
                </launch>
                """);
        runner = SharedTickerRunner.start(LaunchLoader.load(launch, Map.of()), registry());
        await().atMost(Duration.ofSeconds(30)).until(() -> TICKS_A.get() >= 10 && TICKS_B.get() >= 10);
        assertThat(THREADS).containsExactly(SharedTickerRunner.THREAD_NAME);
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                .contains(SharedTickerRunner.THREAD_NAME, SharedTickerRunner.THREAD_NAME + "-watchdog")
                .doesNotContain("a", "b", "a-watchdog", "b-watchdog");
        // each node keeps its own timers and statistics
        NodeView a = runner.views().get(0);
        NodeView b = runner.views().get(1);
        assertThat(a.timerStats()).extracting(s -> s.name()).containsExactly("control");
        assertThat(b.timerStats()).extracting(s -> s.name()).containsExactly("control", "slow");

        FREEZE.set(true);
        await().atMost(Duration.ofSeconds(30)).until(() -> a.failsafeStalls() >= 1 && b.failsafeStalls() >= 1);
        int bTicks = TICKS_B.get();
        await().atMost(Duration.ofSeconds(30)).until(() -> TICKS_B.get() >= bTicks + 10); // the thread goes on after the hang

        runner.close();
        await().atMost(Duration.ofSeconds(10)).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith(SharedTickerRunner.THREAD_NAME)));
    }
}
