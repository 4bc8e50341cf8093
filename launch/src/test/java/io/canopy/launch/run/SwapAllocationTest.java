package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.Outbound;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A deploy's swap allocates nothing on the tick path: the tick that takes the handed-over tree halts the old one and
 * ticks the new one, measured with the thread's allocation counter on the manual clock, as {@link TickPathAllocationTest}
 * does. Each offer (what a deploy's own thread does) is made outside the measured ticks; the ticks measured include the
 * swap, 200 swaps a window.
 */
class SwapAllocationTest {
    private static final Source SRC = new Source(Path.of("t.launch.xml"), 1, 1, "node");

    @Test
    void theTickThatSwapsAllocatesNothing() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("swap-alloc", clock);
        TickTimer control = ticker.addTimer("control", TickRate.periodNs(1_000_000));
        Blackboard bb = Blackboard.create();
        EventBus bus = new EventBus(new Outbound("swap-alloc").queue, "drop");
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBuiltins());
        String text = """
                <root BTCPP_format="4"><BehaviorTree ID="T">
                  <Sequence><ScriptCondition code="n &lt; 1000000000"/><Script code="n := n + %d"/></Sequence>
                </BehaviorTree></root>
                """;
        Tree a = loader.loadText(text.formatted(1), bb, new TreeContext(ticker.oneShotTimers(), 1));
        Tree b = loader.loadText(text.formatted(2), bb, new TreeContext(ticker.oneShotTimers(), 1));
        bb.set("n", 0L);
        TreeSlot slot = new TreeSlot(new TreePlan("t", Path.of("t.xml"), null, "control", 1, true, null, null, null, null, SRC),
                a, null, -1, bus);
        control.addListener(slot);
        LoadedTree la = slot.current();
        LoadedTree lb = new LoadedTree(b, "b", "", 0);

        for (int i = 0; i < 3000; i++) { // warm up, swaps included, until the JIT has compiled the path
            slot.offer((i & 1) == 0 ? lb : la, SwapWhen.AT_ONCE);
            for (int k = 0; k < 50; k++) {
                ticker.advance(1_000_000);
            }
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long allocated = Long.MAX_VALUE;
        int windows = 0;
        long swapsBefore = slot.swaps();
        while (windows < 10 && allocated > 0) { // the least of several windows: a late JIT recompilation is not the path
            long window = 0;
            for (int i = 0; i < 200; i++) {
                slot.offer((i & 1) == 0 ? lb : la, SwapWhen.AT_ONCE); // the deploy thread's part, not measured
                long before = mx.getThreadAllocatedBytes(tid);
                for (int k = 0; k < 5; k++) {
                    ticker.advance(1_000_000);
                }
                window += mx.getThreadAllocatedBytes(tid) - before;
            }
            allocated = Math.min(allocated, window);
            windows++;
        }

        assertThat(slot.swaps() - swapsBefore).as("every offer swapped").isEqualTo(200L * windows);
        assertThat(slot.lastStatus()).isEqualTo(Status.SUCCESS);
        assertThat(bb.entry("n").longValue()).as("both trees ticked").isGreaterThan(3000L * 50);
        assertThat(slot.current()).isIn(la, lb);
        assertThat(allocated).as("bytes allocated over 200 swaps and 1,000 ticks").isZero();
    }
}
