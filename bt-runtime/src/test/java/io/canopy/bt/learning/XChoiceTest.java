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

class XChoiceTest {
    private final SeedTrees t = new SeedTrees();

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
        Tree custom = new io.canopy.bt.XmlTreeLoader(t.registry.copy().register(XChoice.withOrder("Recorded",
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
}
