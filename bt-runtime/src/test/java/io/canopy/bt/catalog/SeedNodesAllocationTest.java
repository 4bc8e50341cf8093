package io.canopy.bt.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.bench.BenchLeaves;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The seed nodes allocate nothing per tick: the bench tree (every seed node type, ticked every root tick)
 * is ticked 100,000 times after a warm-up, with an event delivered before every tick, and the ticking
 * thread's allocation counter (HotSpot's ThreadMXBean) must not move.
 */
class SeedNodesAllocationTest {
    static Path benchTree() throws Exception {
        return Path.of(SeedNodesAllocationTest.class.getResource("/bt/seeds/bench-seed-nodes.xml").toURI());
    }

    @Test
    void theBenchTreeUsesEverySeedNodeType() throws Exception {
        Set<String> used = new HashSet<>();
        load(new ManualNanoClock()).forEachNode(n -> used.add(n.typeId()));
        for (NodeType t : NodeFamilies.ALL) {
            assertThat(used).as("bench-seed-nodes.xml uses " + t.id()).contains(t.id());
        }
    }

    @Test
    void tickingEverySeedNodeAllocatesNothing() throws Exception {
        ManualNanoClock clock = new ManualNanoClock();
        Tree tree = load(clock);
        Event go = new Event(16).set(EventKind.COMMAND, "go", 0);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        run(tree, clock, go, 100_000);
        // JIT warm-up allocates a few KB on this thread (OSR, deoptimization) over the first few hundred
        // thousand ticks; then a window of 50,000 ticks must allocate nothing. One object per tick would be
        // at least 16 bytes per tick, so every window must also stay far below 1 byte per tick.
        long[] windows = new long[30];
        int zeroAt = -1;
        for (int w = 0; w < windows.length && zeroAt < 0; w++) {
            long before = mx.getThreadAllocatedBytes(tid);
            run(tree, clock, go, 50_000);
            windows[w] = mx.getThreadAllocatedBytes(tid) - before;
            assertThat(windows[w]).as("bytes allocated by window " + w + " of 50,000 ticks")
                    .isLessThan(50_000);
            if (windows[w] == 0) {
                zeroAt = w;
            }
        }
        assertThat(zeroAt).as("a window of 50,000 ticks allocating 0 bytes; windows: "
                + java.util.Arrays.toString(windows)).isGreaterThanOrEqualTo(0);
        assertThat(io.canopy.bt.event.TreeEvents.of(tree.context()).consumed()).isGreaterThan(10_000);
        assertThat(io.canopy.bt.learning.TreeRewards.of(tree.context()).total()).isGreaterThan(0);
    }

    private static void run(Tree tree, ManualNanoClock clock, Event go, int ticks) {
        for (int i = 0; i < ticks; i++) {
            clock.advanceNs(1_000_000L);
            io.canopy.bt.event.TreeEvents.of(tree.context()).deliver(go);
            tree.tickExactlyOnce();
        }
    }

    private static Tree load(ManualNanoClock clock) throws Exception {
        NodeRegistry registry = BenchLeaves.register(NodeRegistry.withBuiltins());
        Blackboard bb = Blackboard.create();
        bb.set("target", 42L);
        return new XmlTreeLoader(registry).loadFile(benchTree(), bb, new TreeContext(new DeadlineTimerQueue(clock), 7L));
    }
}
