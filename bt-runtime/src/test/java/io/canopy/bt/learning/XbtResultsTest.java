package io.canopy.bt.learning;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Node;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** xbt's result types on leaves (running/succeeded/failed with rewards, continue, reasons) and xchoice's functions. */
class XbtResultsTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void aFunLeafGivesRunningThenSucceededAndItsRewardIsTheExecutions() {
        AtomicInteger calls = new AtomicInteger();
        t.registry.register(XbtLeaves.fun("Plan", r -> {
            int k = calls.incrementAndGet();
            if (k < 3) {
                r.running(k);            // 1, then 2: the reward so far
            } else {
                r.succeeded(10, false);  // replaces 2
            }
        }));
        Tree tree = t.load("<Plan/>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(TreeRewards.of(tree.context()).total()).isEqualTo(2);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(TreeRewards.of(tree.context()).total()).as("the last result's reward, not 1 + 2 + 10").isEqualTo(10);
        assertThat(TreeRewards.of(tree.context()).lastTick()).isEqualTo(8);
    }

    @Test
    void aDoneLeafTickedAgainWithoutResetKeepsItsResultUnlessItImproves() {
        AtomicInteger calls = new AtomicInteger();
        t.registry.register(XbtLeaves.fun("Best", r -> r.succeeded(calls.incrementAndGet(), true)));
        t.registry.register(XbtLeaves.fun("Once", r -> r.failed(calls.incrementAndGet() * 100, "nope")));
        Tree tree = t.load("<Sequence><Best/><Once/></Sequence>");
        Node[] leaves = new Node[2];
        tree.forEachNode(n -> {
            if (n.typeId().equals("Best")) {
                leaves[0] = n;
            } else if (n.typeId().equals("Once")) {
                leaves[1] = n;
            }
        });
        TreeRewards rewards = TreeRewards.of(tree.context());
        assertThat(leaves[0].executeTick()).isEqualTo(SUCCESS);
        assertThat(leaves[0].executeTick()).as("improve off: the kept result").isEqualTo(SUCCESS);
        assertThat(calls.get()).isEqualTo(1);
        assertThat(rewards.total()).isEqualTo(1);
        t.blackboard.set("_improve", true);
        assertThat(leaves[0].executeTick()).isEqualTo(SUCCESS);
        assertThat(calls.get()).as("improve on: evaluated again").isEqualTo(2);
        assertThat(rewards.total()).as("the new reward replaces the old").isEqualTo(2);
        assertThat(leaves[1].executeTick()).isEqualTo(FAILURE);
        assertThat(leaves[1].executeTick()).as("a failure never continues").isEqualTo(FAILURE);
        assertThat(calls.get()).isEqualTo(3);
        assertThat(rewards.total()).isEqualTo(302);
        assertThat(t.blackboard.entry("_failure_reason").stringValue()).isEqualTo("nope");
    }

    @Test
    void aChildFunctionMayChooseASubsetOrNothing() {
        t.leaf("A", SUCCESS).leaf("B", FAILURE).leaf("C", SUCCESS);
        t.registry.register(XChoice.withOrder("Second", init -> new ChildOrder() {
            @Override
            public void order(int[] order, java.util.SplittableRandom random) {}

            @Override
            public int select(int[] order, java.util.SplittableRandom random) {
                order[0] = 1;
                return 1;
            }
        }));
        t.registry.register(XChoice.withOrder("Nothing", init -> new ChildOrder() {
            @Override
            public void order(int[] order, java.util.SplittableRandom random) {}

            @Override
            public int select(int[] order, java.util.SplittableRandom random) {
                return 0;
            }
        }));
        Tree only = t.load("<Second><A/><B/><C/></Second>");
        assertThat(only.tickExactlyOnce()).as("only B is tried, and fails").isEqualTo(FAILURE);
        assertThat(t.ticks("A") + t.ticks("C")).isZero();
        Tree none = t.load("<Nothing update=\"got := _result; who := _child\"><A/><C/></Nothing>");
        assertThat(none.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(t.blackboard.entry("got").stringValue()).as("update_fun gets nil").isEmpty();
        assertThat(t.blackboard.entry("who").longValue()).isEqualTo(-1);
    }

    @Test
    void portMistakesAreLoadErrorsNamingThePort() {
        assertThatThrownBy(() -> t.load("<Reward status=\"RUNNING\" reason=\"x\"/>"))
                .isInstanceOf(InputException.class).hasMessageContaining("'reason'");
        assertThatThrownBy(() -> t.load("<Reward status=\"FAILURE\" continue=\"true\"/>"))
                .isInstanceOf(InputException.class).hasMessageContaining("'continue'");
        assertThatThrownBy(() -> t.load("<XChoice subset=\"-1\"><Succeed/></XChoice>"))
                .isInstanceOf(InputException.class).hasMessageContaining("'subset'");
    }

    @Test
    void aStateEpsilonOutsideZeroToOneIsATickErrorNamingIt() {
        t.blackboard.set("_epsilon", 2.0);
        Tree tree = t.load("<XChoice><Succeed/><Succeed/></XChoice>");
        assertThatThrownBy(tree::tickExactlyOnce).hasMessageContaining("_epsilon is 2.0");
    }
}
