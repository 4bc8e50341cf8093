package io.canopy.bt.learning;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * A leaf that answers with an xbt result ({@link XbtResult}): the base of {@code Reward} and of the leaves of
 * {@link XbtLeaves}. It applies the seed's rules for results, so every such leaf behaves alike:
 *
 * <ul>
 *   <li><b>The reward is the execution's.</b> An execution starts when the leaf is ticked from IDLE and lasts
 *       while it is RUNNING (and, for an improvable success, while it is re-ticked without a reset). Each
 *       result's reward is the execution's reward so far: the tree's {@link TreeRewards} receives only the
 *       difference to what this execution already reported. So a RUNNING result carries a reward, and a
 *       later result replaces it.
 *   <li><b>A done result is kept.</b> Ticked again after SUCCESS or FAILURE without being reset (a reactive
 *       parent does that), the leaf returns its previous status and earns nothing, as xbt's {@code tick} returns
 *       a done node's previous result, unless it succeeded with {@code continue} and the tree's
 *       {@code improve} flag is on: then it is evaluated again and its new reward replaces the old one.
 *   <li><b>Failures.</b> A failure without a reward earns the tree's default failure reward; its reason, if
 *       any, goes to the root entry {@code _failure_reason} for this tick.
 * </ul>
 */
public abstract class XbtLeaf extends Node {
    protected final TreeRewards rewards;
    private final XbtResult result = new XbtResult();
    private double reported;
    private boolean canContinue;

    protected XbtLeaf(NodeInit init) {
        super(init);
        rewards = TreeRewards.of(init.context());
        rewards.bind(init.blackboard());
    }

    /** Fills {@code result} with this tick's result (one of its {@code running/succeeded/failed}). */
    protected abstract void evaluate(XbtResult result);

    /** True when the leaf succeeded with {@code continue}: an improving parent may tick it again. */
    public final boolean canImprove() {
        return canContinue && status() == Status.SUCCESS;
    }

    @Override
    protected final Status tick() {
        Status previous = status();
        if (previous == Status.SUCCESS || previous == Status.FAILURE) {
            if (!(canImprove() && rewards.improve())) {
                return previous;
            }
        } else if (previous == Status.IDLE) {
            reported = 0;
        }
        result.status = null;
        evaluate(result);
        Status s = result.status;
        if (s == null) {
            throw new IllegalStateException("'" + name() + "' gave no result; call running, succeeded or failed");
        }
        double reward = result.rewardGiven ? result.reward : rewards.defaultFailureReward();
        rewards.add(reward - reported);
        reported = reward;
        canContinue = s == Status.SUCCESS && result.canContinue;
        if (s == Status.FAILURE && result.reason != null) {
            rewards.failureReason(result.reason);
        }
        return s;
    }

    @Override
    protected void halt() {
        canContinue = false;
        super.halt();
    }
}
