package io.canopy.bt.learning;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.TreeContext;
import io.canopy.bt.scope.Truthiness;
import io.canopy.expr.ValueKind;

/**
 * xbt's rewards as one accumulator per tree: a leaf that earns a reward {@link #add}s it when it completes,
 * and "the reward of a subtree's result" is the difference of {@link #total()} across that subtree's ticks,
 * so no control node has to carry it. After each root tick the tick's reward is {@link #lastTick()} (for the
 * caller) and, once a reward node is in the tree or any reward was added, the root blackboard entry {@code
 * _reward} (for scripts); {@code _reward_total} holds the running total, updated at every {@link #add}. It also
 * holds xbt's evaluation state, as root entries a script or the caller may set: {@code _improve}
 * ({@link #improve()}), {@code _epsilon} ({@link #epsilonOverride()}), {@code _default_failure_reward}
 * ({@link #defaultFailureReward()}) and {@code _failure_reason} (the reason of this tick's last failed
 * result). Only the tick thread uses it; nothing allocates.
 */
public final class TreeRewards implements TreeContext.TickScoped {
    /** The reward accumulator of the tree of {@code context} (made on first use). */
    public static TreeRewards of(TreeContext context) {
        return context.extension(TreeRewards.class, TreeRewards::new);
    }

    private double total;
    private double tickStart;
    private double lastTick;
    private boolean used;
    private Entry lastEntry;
    private Entry totalEntry;
    private Entry improveEntry;
    private Entry epsilonEntry;
    private Entry failureRewardEntry;
    private Entry reasonEntry;

    /** xbt's {@code default_failure_reward} when the root entry {@code _default_failure_reward} holds none. */
    public static final double DEFAULT_FAILURE_REWARD = -1;

    /** Adds {@code reward} to the current tick (and the running total). */
    public void add(double reward) {
        total += reward;
        used = true;
        if (totalEntry != null) {
            totalEntry.setDouble(total);
        }
    }

    /**
     * Creates {@code _reward} and {@code _reward_total} (0) in the root blackboard of {@code blackboard}, so
     * scripts can read them from the first tick; reward nodes call it when the tree is built.
     */
    public void bind(Blackboard blackboard) {
        if (lastEntry == null) {
            lastEntry = blackboard.root().entry("_reward", ValueKind.DOUBLE);
            totalEntry = blackboard.root().entry("_reward_total", ValueKind.DOUBLE);
            lastEntry.setDouble(lastTick);
            totalEntry.setDouble(total);
            Blackboard root = blackboard.root();
            improveEntry = root.entry("_improve");
            epsilonEntry = root.entry("_epsilon");
            failureRewardEntry = root.entry("_default_failure_reward");
            reasonEntry = root.entry("_failure_reason");
            used = true;
        }
    }

    /**
     * xbt's {@code state.improve}: whether a leaf that succeeded with {@code continue} is evaluated again when
     * ticked (true) or keeps its result (false, the default). The root entry {@code _improve}, judged by
     * truthiness, so a script or the caller can switch it between ticks.
     */
    public boolean improve() {
        Entry e = improveEntry;
        return e != null && Truthiness.of(e);
    }

    /**
     * xbt's {@code state.epsilon}: when the root entry {@code _epsilon} holds a number, it replaces the
     * {@code epsilon} of every epsilon-greedy choice of the tree; else NaN (each node uses its own).
     */
    public double epsilonOverride() {
        Entry e = epsilonEntry;
        return e != null && e.hasValue() ? e.doubleValue() : Double.NaN;
    }

    /** xbt's {@code default_failure_reward}: root entry {@code _default_failure_reward}, else -1. */
    public double defaultFailureReward() {
        Entry e = failureRewardEntry;
        return e != null && e.hasValue() ? e.doubleValue() : DEFAULT_FAILURE_REWARD;
    }

    /** Records the reason of a failed result in the root entry {@code _failure_reason} (cleared every tick). */
    public void failureReason(String reason) {
        if (reasonEntry != null) {
            reasonEntry.setObject(reason);
        }
    }

    /** Every reward added since the tree was built. Differences of it measure a subtree's reward. */
    public double total() {
        return total;
    }

    /** The reward earned so far in the current tick. */
    public double currentTick() {
        return total - tickStart;
    }

    /** The reward earned in the last completed root tick. */
    public double lastTick() {
        return lastTick;
    }

    /** Called by the tree before each root tick. */
    @Override
    public void beginTick() {
        tickStart = total;
        if (reasonEntry != null && reasonEntry.hasValue()) {
            reasonEntry.clear();
        }
    }

    /** Called by the tree after each root tick: publishes the tick's reward. */
    @Override
    public void endTick(Blackboard blackboard) {
        lastTick = total - tickStart;
        if (used) {
            bind(blackboard);
            lastEntry.setDouble(lastTick);
            totalEntry.setDouble(total);
        }
    }
}
