package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Sequence and Fallback with leaf children only run a loop of their own (written out for the JIT's sake); it
 * must keep the semantics of the general loop: resume at the RUNNING child, reset after SUCCESS / FAILURE,
 * SKIPPED when every child was skipped.
 */
class LeafOnlyLoopTest {
    /** RUNNING for ever; counts its ticks. */
    static final class Busy extends StatefulAction {
        static int ticks;
        static final NodeType TYPE = NodeType.action("Busy", Busy::new);

        Busy(NodeInit init) {
            super(init);
        }

        @Override
        protected Status onStart() {
            ticks++;
            return Status.RUNNING;
        }

        @Override
        protected Status onRunning() {
            ticks++;
            return Status.RUNNING;
        }

        @Override
        protected void onHalted() {
            // nothing to stop
        }
    }

    private final Trees trees = new Trees();
    private int checks;

    LeafOnlyLoopTest() {
        trees.registry.register(Busy.TYPE);
        trees.registry.registerCondition("Yes", () -> {
            checks++;
            return true;
        });
        trees.registry.registerCondition("No", () -> {
            checks++;
            return false;
        });
    }

    private Tree load(String body) {
        Busy.ticks = 0;
        return trees.load(Trees.tree(body));
    }

    @Test
    void aSequenceResumesAtItsRunningLeafAndRestartsAfterAFailure() {
        Tree tree = load("<Sequence><Yes/><Yes/><Busy/></Sequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(checks).isEqualTo(2); // the conditions before the running leaf are not ticked again
        assertThat(Busy.ticks).isEqualTo(2);

        Tree failing = load("<Sequence><Yes/><No/><Yes/></Sequence>");
        checks = 0;
        assertThat(failing.tickExactlyOnce()).isEqualTo(Status.FAILURE);
        assertThat(failing.tickExactlyOnce()).isEqualTo(Status.FAILURE);
        assertThat(checks).isEqualTo(4); // from the first child again, never past the failing one
        assertThat(failing.root().child(0).status()).isEqualTo(Status.IDLE);
    }

    @Test
    void aFallbackResumesAtItsRunningLeafAndRestartsAfterASuccess() {
        Tree tree = load("<Fallback><No/><Busy/></Fallback>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(checks).isEqualTo(1);
        assertThat(Busy.ticks).isEqualTo(2);

        Tree succeeding = load("<Fallback><No/><Yes/><No/></Fallback>");
        checks = 0;
        assertThat(succeeding.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(succeeding.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(checks).isEqualTo(4);
        assertThat(succeeding.root().status()).isEqualTo(Status.IDLE);
    }

    @Test
    void skippedLeavesAreSkippedAndAllSkippedIsSkipped() {
        assertThat(load("<Sequence><Yes _skipIf=\"true\"/><No _skipIf=\"true\"/></Sequence>").tickExactlyOnce())
                .isEqualTo(Status.SKIPPED);
        assertThat(load("<Fallback><No _skipIf=\"true\"/><Yes _skipIf=\"true\"/></Fallback>").tickExactlyOnce())
                .isEqualTo(Status.SKIPPED);
        checks = 0;
        assertThat(load("<Sequence><No _skipIf=\"true\"/><Yes/></Sequence>").tickExactlyOnce())
                .isEqualTo(Status.SUCCESS);
        assertThat(load("<Fallback><Yes _skipIf=\"true\"/><No/></Fallback>").tickExactlyOnce())
                .isEqualTo(Status.FAILURE);
        assertThat(checks).isEqualTo(2); // only the leaves that were not skipped
    }
}
