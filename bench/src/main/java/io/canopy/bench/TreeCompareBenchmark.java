package io.canopy.bench;

import com.badlogic.gdx.ai.btree.BehaviorTree;
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
 * One root tick of each bench tree on Canopy ({@code canopy}) and one {@code step()} of the same shape on
 * gdx-ai 1.8.2 ({@code gdxai}; blackboard-heavy has no gdx-ai form). ns per root tick; divide by the node
 * ticks per root tick for ns per node. Run with {@code -prof gc} for B/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// gdx-ai recurses once per child of a sequence (a 1000-child sequence is 1000 frames deep)
@Fork(value = 1, jvmArgsAppend = "-Xss8m")
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

    @State(Scope.Thread)
    public static class GdxAiTree {
        @Param({"flat-seq-1000", "fallback-deep", "reactive-running"})
        public String tree;
        BehaviorTree<Object> instance;

        @Setup
        public void load() {
            instance = GdxAiTrees.load(BenchTrees.file(tree));
            System.gc();
        }
    }

    @Benchmark
    public Status canopy(CanopyTree t) {
        return t.instance.tickExactlyOnce();
    }

    @Benchmark
    public Object gdxai(GdxAiTree t) {
        t.instance.step();
        return t.instance.getStatus();
    }
}
