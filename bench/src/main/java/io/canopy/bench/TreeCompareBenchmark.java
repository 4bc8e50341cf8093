package io.canopy.bench;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
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
 * One root tick of each bench tree on Canopy ({@code canopy}), ns per root tick; divide by the node ticks per root
 * tick for ns per node. Run with {@code -prof gc} for B/op. gdx-ai is not run here: its 1.8.2 jar cannot be resolved
 * from Maven Central on this project's build, and its sources are not copied into this project (see
 * docs/performance.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TreeCompareBenchmark {
    @State(Scope.Thread)
    public static class CanopyTree {
        @Param({"flat-seq-1000", "fallback-deep", "reactive-running", "blackboard-heavy"})
        public String tree;
        Tree instance;

        @Setup
        public void load() {
            instance = BenchTrees.loadCanopy(tree);
            System.gc();
        }
    }


    @Benchmark
    public Status canopy(CanopyTree t) {
        return t.instance.tickExactlyOnce();
    }

}
