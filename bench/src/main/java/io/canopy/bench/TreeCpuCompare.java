package io.canopy.bench;

import com.badlogic.gdx.ai.btree.BehaviorTree;
import io.canopy.bt.Tree;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The side-by-side tree comparison timed in CPU time of the ticking thread instead of JMH's wall time, for a
 * loaded host where a wall-clock run mostly measures waiting for a core. One engine and one tree per JVM (as
 * JMH forks them), a warm-up round, then rounds of root ticks (Canopy {@code tickExactlyOnce}) or steps
 * (gdx-ai {@code step}); prints the median ns per root tick and the rounds.
 *
 * <pre>
 * java -cp bench/target/canopy-bench.jar io.canopy.bench.TreeCpuCompare TREE canopy|gdxai|gdxaiReactiveBranch [ROUND_MS] [ROUNDS]
 * </pre>
 */
public final class TreeCpuCompare {
    private TreeCpuCompare() {}

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: TreeCpuCompare TREE canopy|gdxai|gdxaiReactiveBranch [ROUND_MS] [ROUNDS]");
            System.exit(2);
        }
        String tree = args[0];
        String engine = args[1];
        long roundMs = args.length > 2 ? Long.parseLong(args[2]) : 1000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Runnable step = switch (engine) {
            case "canopy" -> {
                Tree t = BenchTrees.loadCanopy(tree);
                yield t::tickExactlyOnce;
            }
            case "gdxai" -> {
                BehaviorTree<GdxAiTrees.Board> t = GdxAiTrees.load(tree);
                yield t::step;
            }
            case "gdxaiReactiveBranch" -> {
                BehaviorTree<GdxAiTrees.Board> t = GdxAiTrees.loadWithReactiveBranch(tree);
                yield t::step;
            }
            default -> throw new IllegalArgumentException("engine must be canopy, gdxai or gdxaiReactiveBranch, not " + engine);
        };
        System.gc();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        nsPerStep(step, threads, roundMs);
        double[] ns = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            ns[r] = nsPerStep(step, threads, roundMs);
        }
        Arrays.sort(ns);
        StringBuilder all = new StringBuilder();
        for (double v : ns) {
            all.append(all.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.2f", v));
        }
        System.out.printf(Locale.ROOT, "%s %s %.2f ns per root tick (thread CPU, median of %d rounds: %s)%n", tree,
                engine, ns[rounds / 2], rounds, all);
    }

    private static double nsPerStep(Runnable step, ThreadMXBean threads, long roundMs) {
        long n = 0;
        long start = threads.getCurrentThreadCpuTime();
        long end = start + roundMs * 1_000_000L;
        long now;
        do {
            for (int i = 0; i < 256; i++) {
                step.run();
            }
            n += 256;
            now = threads.getCurrentThreadCpuTime();
        } while (now < end);
        return (now - start) / (double) n;
    }
}
