package io.canopy.bt.learning;

import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;
import java.util.SplittableRandom;

/**
 * xbt's {@code epsilon_greedy_child_fun}: keeps a value per child (the mean of the rewards its attempts earned,
 * or an exponential average with step {@code alpha}), orders the children by value, best first (ties by
 * document order), and with probability {@code epsilon} swaps the first with another child chosen at random
 * (exploration). Deterministic under the tree's seeded random source.
 */
public final class EpsilonGreedy implements ChildOrder {
    private final double epsilon;
    private final double alpha;
    private final double initial;
    private double[] values;
    private long[] counts;

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
            return new EpsilonGreedy(init.input("epsilon").getDouble(), init.input("alpha").getDouble(),
                    init.input("initial").getDouble());
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
            java.util.Arrays.fill(values, initial);
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
        if (n > 1 && random.nextDouble() < epsilon) {
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
