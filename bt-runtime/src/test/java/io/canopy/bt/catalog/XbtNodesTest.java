package io.canopy.bt.catalog;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.concurrency.*;
import io.canopy.bt.diagnostics.*;
import io.canopy.bt.functions.*;
import io.canopy.bt.guards.*;
import io.canopy.bt.learning.*;
import io.canopy.bt.outcome.*;
import io.canopy.bt.probability.*;
import io.canopy.bt.repetition.*;
import io.canopy.bt.scope.*;
import io.canopy.bt.timing.*;
import org.junit.jupiter.api.Test;

class XbtNodesTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void rewardsAreSummedUpTheTreeAndReadableAfterEachTick() {
        t.leaf("Wait", RUNNING, SUCCESS);
        Tree tree = t.load("<Sequence><Reward value=\"1.5\"/><Wait/><Reward value=\"2\"/>"
                + "<Reward value=\"-0.5\" status=\"FAILURE\"/></Sequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(io.canopy.bt.learning.TreeRewards.of(tree.context()).lastTick()).isEqualTo(1.5);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(io.canopy.bt.learning.TreeRewards.of(tree.context()).lastTick()).isEqualTo(1.5);
        assertThat(io.canopy.bt.learning.TreeRewards.of(tree.context()).total()).isEqualTo(3.0);
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
    void allRunsEveryChildWhateverTheyReturnAndSucceeds() {
        t.leaf("A", FAILURE).leaf("B", RUNNING, SUCCESS).leaf("C", FAILURE);
        Tree tree = t.load("<All><A/><B/><C/></All>");
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(RUNNING, SUCCESS);
        assertThat(t.trace).containsExactly("A:FAILURE", "B:RUNNING", "B:SUCCESS", "C:FAILURE");
    }

    @Test
    void xchoiceInOrderIsAPlainChoice() {
        t.leaf("A", FAILURE).leaf("B", SUCCESS).leaf("C", SUCCESS);
        Tree tree = t.load("<XChoice order=\"IN_ORDER\"><A/><B/><C/></XChoice>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.trace).containsExactly("A:FAILURE", "B:SUCCESS");
    }

    @Test
    void epsilonGreedyLearnsToPreferTheChildThatPaysMore() {
        t.registry.register(XbtLeaves.action("PayOne", () -> 1.0));
        t.registry.register(XbtLeaves.action("PayFive", () -> 5.0));
        Tree tree = t.load("<XChoice name=\"x\" epsilon=\"0.2\"><PayOne/><PayFive/></XChoice>");
        XChoice choice = (XChoice) tree.root();
        int fiveFirstLate = 0;
        for (int run = 0; run < 300; run++) {
            assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
            if (run >= 200 && choice.firstChoice() == 1) {
                fiveFirstLate++;
            }
        }
        EpsilonGreedy learner = (EpsilonGreedy) choice.ordering();
        assertThat(learner.value(0)).isCloseTo(1.0, within(1e-9));
        assertThat(learner.value(1)).isCloseTo(5.0, within(1e-9));
        // greedy 80 % of the time plus half of the explorations of 2 children
        assertThat(fiveFirstLate).as("runs of the last 100 that tried PayFive first").isGreaterThan(80);
        assertThat(learner.attempts(0)).as("explored sometimes").isGreaterThan(0);
    }

    @Test
    void theLearnerIsDeterministicUnderTheTreesSeed() {
        assertThat(firstChoices(5)).isEqualTo(firstChoices(5)).isNotEqualTo(firstChoices(6));
    }

    private static String firstChoices(long seed) {
        SeedTrees s = new SeedTrees().seed(seed);
        s.registry.register(XbtLeaves.action("P1", () -> 1.0));
        s.registry.register(XbtLeaves.action("P2", () -> 2.0));
        s.registry.register(XbtLeaves.action("P3", () -> 3.0));
        Tree tree = s.load("<XChoice epsilon=\"0.5\"><P1/><P2/><P3/></XChoice>");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            tree.tickExactlyOnce();
            sb.append(((XChoice) tree.root()).firstChoice());
        }
        return sb.toString();
    }

    @Test
    void theRewardOfAChildSpansItsTicksAndFailuresTeachToo() {
        t.leaf("Slow", RUNNING, RUNNING, SUCCESS);
        Tree tree = t.load("<XChoice order=\"IN_ORDER\">"
                + "<Sequence><Reward value=\"-1\"/><Fail/></Sequence>"
                + "<Sequence><Reward value=\"2\"/><Slow/><Reward value=\"3\"/></Sequence></XChoice>");
        XChoice c = (XChoice) tree.root();
        java.util.List<String> updates = new java.util.ArrayList<>();
        Tree custom = new io.canopy.bt.load.XmlTreeLoader(t.registry.copy().register(XChoice.withOrder("Recorded",
                init -> new ChildOrder() {
                    @Override
                    public void order(int[] order, java.util.SplittableRandom random) {
                        for (int i = 0; i < order.length; i++) {
                            order[i] = i;
                        }
                    }

                    @Override
                    public void update(int child, double reward, Status result) {
                        updates.add(child + ":" + reward + ":" + result);
                    }
                }))).loadText(SeedTrees.tree("<Recorded>"
                + "<Sequence><Reward value=\"-1\"/><Fail/></Sequence>"
                + "<Sequence><Reward value=\"2\"/><Slow/><Reward value=\"3\"/></Sequence></Recorded>"),
                io.canopy.bt.Blackboard.create(), new io.canopy.bt.TreeContext(t.timers, 1));
        assertThat(SeedTrees.tick(custom, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        assertThat(updates).containsExactly("0:-1.0:FAILURE", "1:5.0:SUCCESS");
        assertThat(c).isNotNull();
    }

    @Test
    void namedFunctionLeavesKeepATreeFileSerializable() {
        int[] calls = new int[1];
        t.registry.register(XbtLeaves.bool("SeesBerry", () -> ++calls[0] > 1, -0.25));
        Tree tree = t.load("<Fallback><SeesBerry/><SeesBerry/></Fallback>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(io.canopy.bt.learning.TreeRewards.of(tree.context()).lastTick()).isEqualTo(-0.5);
    }
}
