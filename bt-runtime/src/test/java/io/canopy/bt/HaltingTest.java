package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Halting as BT.CPP does it, shown with a stateful action that records its calls. */
class HaltingTest {
    static final List<String> LOG = new ArrayList<>();

    /** RUNNING until told otherwise; logs onStart, onRunning and onHalted with its name. */
    static final class Worker extends StatefulAction {
        static final NodeType TYPE = NodeType.action("Worker", Worker::new);

        Worker(NodeInit init) {
            super(init);
        }

        @Override
        protected Status onStart() {
            LOG.add(name() + ".start");
            return Status.RUNNING;
        }

        @Override
        protected Status onRunning() {
            LOG.add(name() + ".running");
            return Status.RUNNING;
        }

        @Override
        protected void onHalted() {
            LOG.add(name() + ".halted");
        }
    }

    private final Trees trees = new Trees();

    @BeforeEach
    void setUp() {
        LOG.clear();
        trees.registry.register(Worker.TYPE);
    }

    @Test
    void aParentHaltsOnlyRunningChildrenAndChildrenBeforeItsOwnOnHalted() {
        Tree tree = trees.load(Trees.tree("""
                <Sequence _onHalted="log := log .. 'S'">
                  <AlwaysSuccess _onHalted="log := log .. 'a'"/>
                  <Worker name="w" _onHalted="log := log .. 'W'"/>
                </Sequence>"""));
        trees.blackboard.set("log", "");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        tree.root().haltNode();
        assertThat(LOG).containsExactly("w.start", "w.halted");
        assertThat(trees.blackboard.find("log").stringValue()).isEqualTo("WS");
        assertThat(tree.root().status()).isEqualTo(Status.IDLE);
    }

    @Test
    void haltTreeRunsOnHaltedOnEveryNodeAndTwiceOnTheRunningOne() {
        Tree tree = trees.load(Trees.tree("""
                <Sequence>
                  <AlwaysSuccess _onHalted="n := n + 1"/>
                  <Worker name="w" _onHalted="m := m + 1"/>
                </Sequence>"""));
        trees.blackboard.set("n", 0L);
        trees.blackboard.set("m", 0L);
        tree.tickExactlyOnce();
        tree.haltTree();
        assertThat(trees.blackboard.find("n").longValue()).isEqualTo(1);
        assertThat(trees.blackboard.find("m").longValue()).isEqualTo(2);
        assertThat(LOG).containsExactly("w.start", "w.halted");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(LOG).containsExactly("w.start", "w.halted", "w.start");
    }

    @Test
    void whileFalseOnARunningNodeHaltsItAndReportsSkipped() {
        Tree tree = trees.load(Trees.tree("<Worker name=\"w\" _while=\"go\"/>"));
        trees.blackboard.set("go", true);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        trees.blackboard.set("go", false);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SKIPPED);
        assertThat(LOG).containsExactly("w.start", "w.running", "w.halted");
        assertThat(tree.root().status()).isEqualTo(Status.IDLE);
    }

    @Test
    void aReactiveSequenceHaltsALaterRunningChildWhenAnEarlierOneStartsRunning() {
        trees.registry.registerCondition("Flag", () -> LOG.size() < 2);
        Tree tree = trees.load(Trees.tree("""
                <ReactiveSequence>
                  <Fallback><Flag/><Worker name="first"/></Fallback>
                  <Worker name="second"/>
                </ReactiveSequence>"""));
        tree.tickExactlyOnce();
        tree.tickExactlyOnce();
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(LOG).containsExactly("second.start", "second.running", "first.start", "second.halted");
    }

    /** Records "uid:STATUS" for every status change the tree reports. */
    private static final class Transitions implements NodeObserver {
        final List<String> seen = new ArrayList<>();

        @Override
        public void tickStarted() {}

        @Override
        public void statusChanged(int uid, int status) {
            seen.add(uid + ":" + Status.values()[status]);
        }

        @Override
        public void tickEnded() {}
    }

    @Test
    void aReactiveSequenceHaltsTheTickedChildrenButTheRunningOneAndLeavesTheUntickedOnesAlone() {
        Tree tree = trees.load(Trees.tree("""
                <ReactiveSequence>
                  <AlwaysSuccess/>
                  <Worker name="w"/>
                  <AlwaysSuccess/>
                  <Worker name="never"/>
                </ReactiveSequence>"""));
        Transitions t = new Transitions();
        tree.observe(t);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        // uids depth-first: 0 the sequence, 1 the condition, 2 w, 3 the second condition, 4 never
        assertThat(t.seen).containsExactly("1:SUCCESS", "2:RUNNING", "1:IDLE", "0:RUNNING");
        t.seen.clear();
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(t.seen).containsExactly("1:SUCCESS", "1:IDLE");
        assertThat(LOG).containsExactly("w.start", "w.running");
        assertThat(tree.root().child(2).status()).isEqualTo(Status.IDLE);
        assertThat(tree.root().child(3).status()).isEqualTo(Status.IDLE);
    }

    @Test
    void aReactiveFallbackHaltsTheRunningChildWhenAnEarlierOneSucceeds() {
        Tree tree = trees.load(Trees.tree("""
                <ReactiveFallback>
                  <ScriptCondition code="go"/>
                  <Worker name="w"/>
                </ReactiveFallback>"""));
        trees.blackboard.set("go", false);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        trees.blackboard.set("go", true);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(LOG).containsExactly("w.start", "w.halted");
        assertThat(tree.root().child(1).status()).isEqualTo(Status.IDLE);
    }

    /** Throws from its tick. */
    static final class Broken extends Node {
        static final NodeType TYPE = NodeType.action("Broken", Broken::new);

        Broken(NodeInit init) {
            super(init);
        }

        @Override
        protected Status tick() {
            throw new IllegalArgumentException("broken on purpose");
        }
    }

    @Test
    void anErrorInAChildTickedByAControlNodeNamesThatChild() {
        trees.registry.register(Broken.TYPE);
        Tree tree = trees.load(Trees.tree("""
                <Sequence>
                  <AlwaysSuccess/>
                  <Broken name="b"/>
                </Sequence>"""));
        org.assertj.core.api.Assertions.assertThatThrownBy(tree::tickExactlyOnce)
                .isInstanceOfSatisfying(TreeTickException.class, e -> {
                    assertThat(e.node().name()).isEqualTo("b");
                    assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class);
                });
    }
}
