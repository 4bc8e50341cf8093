package io.canopy.launch.bench;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.bench.BenchLeaves;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.SystemNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: one {@code tickExactlyOnce} of each benchmark tree of {@code ../shared/bench/trees} (or the folder in
 * {@code -Dcanopy.bench.trees=...}). Divide by the node ticks per root tick ({@code canopy bench tree}) for
 * ns per node tick. Run with the test classpath:
 * {@code java -cp "launch/target/test-classes:launch/target/classes:$(cat cp.txt)" org.openjdk.jmh.Main TreeTickBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TreeTickBenchmark {
    @Param({"flat-seq-1000", "fallback-deep", "reactive-running", "blackboard-heavy"})
    public String tree;

    private Tree instance;

    @Setup
    public void load() {
        NodeRegistry registry = BenchLeaves.register(NodeRegistry.withBuiltins());
        Blackboard bb = Blackboard.create();
        bb.set("target", 42L);
        instance = new XmlTreeLoader(registry).loadFile(treesDir().resolve(tree + ".xml"), bb,
                new TreeContext(new DeadlineTimerQueue(SystemNanoClock.INSTANCE), 0L));
        System.gc();
    }

    static Path treesDir() {
        String given = System.getProperty("canopy.bench.trees");
        if (given != null) {
            return Path.of(given);
        }
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolveSibling("shared").resolve("bench/trees"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("../shared/bench/trees not found; pass -Dcanopy.bench.trees=DIR");
        }
        return p.resolveSibling("shared").resolve("bench/trees");
    }

    @Benchmark
    public Status tickExactlyOnce() {
        return instance.tickExactlyOnce();
    }
}
