package io.canopy.bt.learning;

import io.canopy.bt.Status;

/**
 * One xbt result, filled by an {@link XbtLeaf} on each tick (reused: nothing allocates): {@code running(reward)},
 * {@code succeeded(reward, continue)} or {@code failed(reward, reason)}, as in the seed's result types. The
 * reward is the reward of the leaf's execution so far (including earlier ticks of the same execution), so a
 * later result of one execution replaces an earlier one's reward instead of adding to it.
 */
public final class XbtResult {
    Status status = Status.SUCCESS;
    double reward;
    boolean rewardGiven;
    boolean canContinue;
    String reason;

    /** xbt {@code running(reward)}: RUNNING; the reward of the execution so far. */
    public XbtResult running(double reward) {
        return set(Status.RUNNING, reward, true, true, null);
    }

    /** xbt {@code succeeded(reward, continue)}: SUCCESS; {@code canContinue}: the reward could still improve. */
    public XbtResult succeeded(double reward, boolean canContinue) {
        return set(Status.SUCCESS, reward, true, canContinue, null);
    }

    /** xbt {@code failed(reward, reason)}: FAILURE with a reward and a reason (may be null). */
    public XbtResult failed(double reward, String reason) {
        return set(Status.FAILURE, reward, true, false, reason);
    }

    /** xbt {@code failed} without a reward: the tree's default failure reward ({@link TreeRewards#defaultFailureReward()}). */
    public XbtResult failed(String reason) {
        return set(Status.FAILURE, 0, false, false, reason);
    }

    private XbtResult set(Status s, double r, boolean given, boolean cont, String why) {
        status = s;
        reward = r;
        rewardGiven = given;
        canContinue = cont;
        reason = why;
        return this;
    }

    public Status status() {
        return status;
    }

    /** xbt {@code can_continue}: running always can, failed never, succeeded when it said so. */
    public boolean canContinue() {
        return canContinue;
    }

    public String reason() {
        return reason;
    }
}
