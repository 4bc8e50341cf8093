package io.canopy.launch.cli.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.groot.BtlogWriter;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BtlogCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsTheTransitionsOfARunWithPathsAndBothStatuses() {
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText("""
                <root BTCPP_format="4"><BehaviorTree ID="Main">
                  <Sequence name="patrol"><Sleep name="wait" msec="1500"/><AlwaysSuccess name="done"/></Sequence>
                </BehaviorTree></root>""", Blackboard.create(), new TreeContext(timers, 1L));
        Path file = dir.resolve("run.btlog");
        try (BtlogWriter log = BtlogWriter.open(TreeObserver.attach(tree), file)) {
            tree.tickExactlyOnce();
            clock.advanceNs(1_500_000_000L);
            timers.poll(clock.nanoTime());
            tree.tickExactlyOnce();
        }
        StringWriter text = new StringWriter();
        CommandLine cl = new CommandLine(new BtlogCommand());
        cl.setOut(new PrintWriter(text));
        assertThat(cl.execute(file.toString(), "--node", "wait")).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(text.toString().lines().skip(1)).containsExactly(
                "[    0.000] patrol/wait  IDLE -> RUNNING",
                "[    1.500] patrol/wait  RUNNING -> SUCCESS",
                "[    1.500] patrol/wait  SUCCESS -> IDLE");
        assertThat(text.toString().lines().findFirst().orElseThrow()).contains("protocol 1").contains("8 transitions");
    }
}
