package io.canopy.bt.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.charset.StandardCharsets;

/**
 * Any bytes as a tree file: it loads and ticks, or it is refused with {@link InputException} carrying one
 * message, never another exception, never a hang. {@code mvn verify} replays the seeds in
 * {@code src/test/resources/io/canopy/bt/fuzz/TreeXmlFuzzTestInputs/}; {@code .ci/test.d/fuzz.sh} fuzzes for a
 * bounded time (JAZZER_FUZZ=1).
 */
class TreeXmlFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void anyFileLoadsOrIsRefusedWithOneInputError(byte[] bytes) {
        String xml = new String(bytes, StandardCharsets.UTF_8);
        Tree tree;
        try {
            tree = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(xml, Blackboard.create(),
                    new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0));
        } catch (InputException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        for (int i = 0; i < 3; i++) {
            try {
                tree.tickExactlyOnce();
            } catch (io.canopy.bt.TreeTickException tickError) {
                return; // a tree that loads may still fail a tick (a missing blackboard entry): reported, not crashed
            }
        }
        tree.haltTree();
    }
}
