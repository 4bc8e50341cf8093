package io.canopy.bench;

import com.badlogic.gdx.ai.btree.BehaviorTree;
import com.badlogic.gdx.ai.btree.Task;
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
 * One root tick of each bench tree on Canopy ({@code canopy}) and one {@code step()} of the same tree on gdx-ai
 * 1.8.2 ({@code gdxai}, its Maven Central jar; the forms are {@link GdxAiTrees}), in one JMH run. ns per root tick;
 * divide by Canopy's node ticks per root tick for ns per node. Run with {@code -prof gc} for B/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// gdx-ai recurses through a sequence (run -> child success -> run next): a 1000-child sequence is thousands of frames
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
        @Param({"flat-seq-1000", "fallback-deep", "reactive-running", "blackboard-heavy"})
        public String tree;
        BehaviorTree<GdxAiTrees.Board> instance;
        Task<GdxAiTrees.Board> root;

        @Setup
        public void load() {
            instance = GdxAiTrees.load(tree);
            root = instance.getChild(0);
            System.gc();
        }
    }

    /** reactive-running with {@link GdxAiTrees.ReactiveSequence} (a branch written on gdx-ai's API) instead of a guard. */
    @State(Scope.Thread)
    public static class GdxAiReactiveBranchTree {
        @Param({"reactive-running"})
        public String tree;
        BehaviorTree<GdxAiTrees.Board> instance;
        Task<GdxAiTrees.Board> root;

        @Setup
        public void load() {
            instance = GdxAiTrees.loadWithReactiveBranch(tree);
            root = instance.getChild(0);
            System.gc();
        }
    }

    @Benchmark
    public Status canopy(CanopyTree t) {
        return t.instance.tickExactlyOnce();
    }

    @Benchmark
    public Task.Status gdxai(GdxAiTree t) {
        t.instance.step();
        return t.root.getStatus();
    }

    @Benchmark
    public Task.Status gdxaiReactiveBranch(GdxAiReactiveBranchTree t) {
        t.instance.step();
        return t.root.getStatus();
    }
}
