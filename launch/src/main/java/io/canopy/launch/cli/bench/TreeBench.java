package io.canopy.launch.cli.bench;

import io.canopy.bt.bench.BenchLeaves;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.SystemNanoClock;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Measures the tick cost of a tree file with the benchmark leaves: warm-up, then rounds of root ticks with
 * {@code tickExactlyOnce}; reports the median ns per root tick (CPU time of the ticking thread, so time spent
 * descheduled on a shared machine does not count; the wall-clock median is reported beside it), node ticks
 * per root tick (counted on a second instance of the tree), ns per node tick, and bytes allocated per root
 * tick on the ticking thread.
 */
public final class TreeBench {
    /** The figures of one run. */
    public record Result(String file, double nsPerRootTick, double wallNsPerRootTick, double nodeTicksPerRootTick,
            double nsPerNodeTick, double allocBytesPerTick, long rootTicks, Status lastStatus) {
        public String json() {
            return String.format(Locale.ROOT,
                    "{\"file\":\"%s\",\"ns_per_root_tick\":%.2f,\"node_ticks_per_root_tick\":%.1f,"
                            + "\"ns_per_node_tick\":%.3f,\"alloc_bytes_per_tick\":%.3f,\"wall_ns_per_root_tick\":%.2f,"
                            + "\"root_ticks\":%d}",
                    file.replace("\\", "\\\\").replace("\"", "\\\""), nsPerRootTick, nodeTicksPerRootTick,
                    nsPerNodeTick, allocBytesPerTick, wallNsPerRootTick, rootTicks);
        }
    }

    private final long warmupMs;
    private final long measureMs;
    private final int rounds;

    public TreeBench(long warmupMs, long measureMs, int rounds) {
        this.warmupMs = warmupMs;
        this.measureMs = measureMs;
        this.rounds = rounds;
    }

    public Result run(Path file) {
        Tree tree = load(file);
        // Let the collector compact the freshly built tree (loading leaves garbage between the nodes), as
        // it would in a long-running process; no garbage is made while ticking.
        System.gc();
        int batch = 64;
        long deadline = System.nanoTime() + warmupMs * 1_000_000L;
        while (System.nanoTime() - deadline < 0) {
            tickBatch(tree, batch);
        }
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long perRound = Math.max(1, measureMs / Math.max(1, rounds));
        double[] cpuNsPerTick = new double[rounds];
        double[] wallNsPerTick = new double[rounds];
        long total = 0;
        for (int r = 0; r < rounds; r++) {
            long ticks = 0;
            long start = System.nanoTime();
            long cpuStart = threads.getCurrentThreadCpuTime();
            long end = start + perRound * 1_000_000L;
            long now;
            do {
                tickBatch(tree, batch);
                ticks += batch;
                now = System.nanoTime();
            } while (now - end < 0);
            long cpu = threads.getCurrentThreadCpuTime() - cpuStart;
            wallNsPerTick[r] = (now - start) / (double) ticks;
            cpuNsPerTick[r] = cpu / (double) ticks;
            total += ticks;
        }
        Arrays.sort(cpuNsPerTick);
        Arrays.sort(wallNsPerTick);
        double median = cpuNsPerTick[rounds / 2];
        double wallMedian = wallNsPerTick[rounds / 2];
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        int allocTicks = 100_000;
        long before = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < allocTicks; i += batch) {
            tickBatch(tree, batch);
        }
        long after = mx.getThreadAllocatedBytes(tid);
        long baseline = mx.getThreadAllocatedBytes(tid);
        long overhead = baseline - after;
        int ticked = ((allocTicks + batch - 1) / batch) * batch;
        double alloc = Math.max(0, after - before - overhead) / (double) ticked;
        // after the allocation count: countNodeTicks attaches hooks to another copy of the tree, which makes the JIT
        // recompile the tick methods; the first ticks after that (interpreted) allocated 0.14 B per tick in some
        // JVMs when the count came after it
        double nodesPerRoot = countNodeTicks(file);
        return new Result(file.toString(), median, wallMedian, nodesPerRoot, median / nodesPerRoot, alloc, total,
                tree.tickExactlyOnce());
    }

    /** Node ticks per root tick in steady state, counted on a second instance (after timing, so the
     * counting does not shape the JIT profile of the timed one). */
    public static double countNodeTicks(Path file) {
        Tree counted = load(file);
        long[] nodeTicks = counted.countNodeTicks();
        int countTicks = 1000;
        counted.tickExactlyOnce();
        nodeTicks[0] = 0;
        for (int i = 0; i < countTicks; i++) {
            counted.tickExactlyOnce();
        }
        return nodeTicks[0] / (double) countTicks;
    }

    private static void tickBatch(Tree tree, int n) {
        for (int i = 0; i < n; i++) {
            tree.tickExactlyOnce();
        }
    }

    static Tree load(Path file) {
        NodeRegistry registry = BenchLeaves.register(NodeRegistry.withBuiltins());
        Blackboard bb = Blackboard.create();
        bb.set("target", 42L);
        TreeContext context = new TreeContext(new DeadlineTimerQueue(SystemNanoClock.INSTANCE), 0L);
        return new XmlTreeLoader(registry).loadFile(file, bb, context);
    }
}
