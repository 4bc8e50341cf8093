package io.canopy.bt.learning;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import org.junit.jupiter.api.Test;

class RewardTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void rewardsAreSummedUpTheTreeAndReadableAfterEachTick() {
        t.leaf("Wait", RUNNING, SUCCESS);
        Tree tree = t.load("<Sequence><Reward value=\"1.5\"/><Wait/><Reward value=\"2\"/>"
                + "<Reward value=\"-0.5\" status=\"FAILURE\"/></Sequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(TreeRewards.of(tree.context()).lastTick()).isEqualTo(1.5);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(TreeRewards.of(tree.context()).lastTick()).isEqualTo(1.5);
        assertThat(TreeRewards.of(tree.context()).total()).isEqualTo(3.0);
        assertThat(t.blackboard.entry("_reward").doubleValue()).as("scripts read the last tick's reward")
                .isEqualTo(1.5);
        assertThat(t.blackboard.entry("_reward_total").doubleValue()).isEqualTo(3.0);
    }

    @Test
    void scriptsCanReadTheRewardOfThePreviousTick() {
        Tree tree = t.load("<Sequence><Reward value=\"4\"/><Update code=\"seen := _reward_total\"/></Sequence>");
        tree.tickExactlyOnce();
        assertThat(t.blackboard.entry("seen").doubleValue()).as("the running total").isEqualTo(4);
        tree.tickExactlyOnce();
        assertThat(t.blackboard.entry("seen").doubleValue()).isEqualTo(8);
        assertThat(t.blackboard.entry("_reward").doubleValue()).as("the last tick's reward").isEqualTo(4);
    }

    @Test
    void namedFunctionLeavesKeepATreeFileSerializable() {
        int[] calls = new int[1];
        t.registry.register(XbtLeaves.bool("SeesBerry", () -> ++calls[0] > 1, -0.25));
        Tree tree = t.load("<Fallback><SeesBerry/><SeesBerry/></Fallback>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(TreeRewards.of(tree.context()).lastTick()).isEqualTo(-0.5);
    }
}
