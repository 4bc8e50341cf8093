package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tree bound to a named timer of a real ticker, driven in deterministic mode on the manual clock. */
class TreeOnTickerTest {
    @Test
    void aTreeIsTickedOncePerTimerTickAndUsesTheTickersOneShotTimers() {
        Ticker ticker = new Ticker("control", new ManualNanoClock());
        TickTimer control = ticker.addTimerHz("control", 100);
        Blackboard bb = Blackboard.create();
        bb.set("d", 0L);
        Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(Trees.tree(
                "<Delay delay_msec=\"25\"><Script code=\"d += 1\"/></Delay>"), bb,
                new TreeContext(ticker.oneShotTimers(), 0));
        TreeRunner runner = new TreeRunner(tree, TreeRunner.WhenDone.RESTART, null);
        control.addListener(runner);
        ticker.advance(1_000_000_000L);
        assertThat(runner.ticks()).isEqualTo(100);
        // ticks at 10, 20, ... 1000 ms; a run starts the delay, the timer fires 25 ms later, the tick after it runs the child
        assertThat(bb.find("d").longValue()).isEqualTo(25);
    }

    @Test
    void aThrowingLeafDoesNotStopTheTicker() {
        Ticker ticker = new Ticker("control", new ManualNanoClock());
        TickTimer control = ticker.addTimerHz("control", 100);
        Blackboard bb = Blackboard.create();
        bb.set("n", 0L);
        NodeRegistry registry = NodeRegistry.withBuiltins();
        long[] calls = new long[1];
        registry.registerAction("Flaky", () -> {
            if (++calls[0] % 10 == 0) {
                throw new IllegalStateException("bus timeout");
            }
            return Status.SUCCESS;
        });
        Tree tree = new XmlTreeLoader(registry).loadText(Trees.tree(
                "<Sequence><Script code=\"n += 1\"/><Flaky name=\"io\"/></Sequence>"), bb,
                new TreeContext(ticker.oneShotTimers(), 0));
        List<String> errors = new ArrayList<>();
        TreeRunner runner = new TreeRunner(tree, TreeRunner.WhenDone.RESTART,
                (id, node, message) -> errors.add(node + ": " + message));
        control.addListener(runner);
        ticker.advance(1_000_000_000L);
        assertThat(runner.ticks()).isEqualTo(100);
        assertThat(bb.find("n").longValue()).isEqualTo(100);
        assertThat(runner.errors()).isEqualTo(10);
        assertThat(errors).hasSize(10).allMatch(e -> e.equals("io: bus timeout"));
    }
}
