package io.canopy.bt.observe;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;

/** Test helper: trees on a manual clock with a real timer queue. */
public final class ObservedTrees {
    public final ManualNanoClock clock = new ManualNanoClock();
    public final DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
    public final Blackboard blackboard = Blackboard.create();
    public final NodeRegistry registry = NodeRegistry.withBuiltins();

    public Tree load(String xml) {
        return new XmlTreeLoader(registry).loadText(xml, blackboard, new TreeContext(timers, 1L));
    }

    /** Moves the clock and fires the timers that are due, as the ticker does between ticks. */
    public void advanceMs(long ms) {
        clock.advanceNs(ms * 1_000_000L);
        timers.poll(clock.nanoTime());
    }

    public static String tree(String body) {
        return "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"Main\">\n" + body + "\n</BehaviorTree>\n</root>";
    }
}
