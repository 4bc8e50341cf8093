package io.canopy.bt.learning;

import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * xbt's {@code epsilon_greedy_child_fun}: keeps a value per child (the mean of the rewards its attempts earned,
 * or an exponential average with step {@code alpha}), orders the children by value, best first (ties by
 * document order): xbt's {@code sorted_children} from the rewards. With probability {@code epsilon} (the tree's
 * {@code _epsilon} when it holds a number, as xbt's {@code state.epsilon} comes before {@code node.args.epsilon})
 * it swaps the first with another child chosen at random (exploration). Deterministic under the tree's seeded
 * random source.
 */
public final class EpsilonGreedy implements ChildOrder {
    private final double epsilon;
    private final double alpha;
    private final double initial;
    private double[] values;
    private long[] counts;
    /** The tree whose {@code _epsilon} replaces {@link #epsilon} (xbt's {@code state.epsilon}), or null. */
    private TreeRewards tree;

    public EpsilonGreedy(double epsilon, double alpha, double initial) {
        if (!(epsilon >= 0 && epsilon <= 1)) {
            throw new IllegalArgumentException("epsilon " + epsilon + " is not a probability from 0 to 1");
        }
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha " + alpha + " is not from 0 (sample mean) to 1");
        }
        this.epsilon = epsilon;
        this.alpha = alpha;
        this.initial = initial;
    }

    static EpsilonGreedy fromPorts(NodeInit init) {
        try {
            EpsilonGreedy g = new EpsilonGreedy(init.input("epsilon").getDouble(), init.input("alpha").getDouble(),
                    init.input("initial").getDouble());
            g.tree = TreeRewards.of(init.context());
            return g;
        } catch (IllegalArgumentException e) {
            throw init.error(e.getMessage() + "; fix the port value");
        }
    }

    @Override
    public void order(int[] order, SplittableRandom random) {
        int n = order.length;
        if (values == null || values.length != n) {
            values = new double[n];
            counts = new long[n];
            Arrays.fill(values, initial);
        }
        for (int i = 0; i < n; i++) {
            int c = i;
            int j = i - 1;
            while (j >= 0 && values[order[j]] < values[c]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = c;
        }
        double eps = epsilon;
        if (tree != null) {
            double override = tree.epsilonOverride();
            if (!Double.isNaN(override)) {
                if (!(override >= 0 && override <= 1)) {
                    throw new IllegalStateException("_epsilon is " + override + ", not a probability from 0 to 1;"
                            + " store a number from 0 to 1 in _epsilon (or leave it empty to use each node's epsilon)");
                }
                eps = override;
            }
        }
        if (n > 1 && random.nextDouble() < eps) {
            int other = 1 + random.nextInt(n - 1);
            int t = order[0];
            order[0] = order[other];
            order[other] = t;
        }
    }

    @Override
    public void update(int child, double reward, Status result) {
        long k = ++counts[child];
        double step = alpha > 0 ? alpha : 1.0 / k;
        values[child] += step * (reward - values[child]);
    }

    /** The learnt value of child {@code i} (its initial value before it was tried). */
    public double value(int i) {
        return values == null ? initial : values[i];
    }

    /** How many attempts of child {@code i} ended. */
    public long attempts(int i) {
        return counts == null ? 0 : counts[i];
    }
}
