package io.canopy.bt;

import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;

/** Test helper: trees on a manual clock with a real timer queue. */
final class Trees {
    final ManualNanoClock clock = new ManualNanoClock();
    final DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
    final Blackboard blackboard = Blackboard.create();
    final NodeRegistry registry = NodeRegistry.withBuiltins();

    Tree load(String xml) {
        return new XmlTreeLoader(registry).loadText(xml, blackboard, new TreeContext(timers, 1L));
    }

    /** Moves the clock and fires the timers that are due, as the ticker does between ticks. */
    void advanceMs(long ms) {
        clock.advanceNs(ms * 1_000_000L);
        timers.poll(clock.nanoTime());
    }

    static String tree(String body) {
        return "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"Main\">\n" + body + "\n</BehaviorTree>\n</root>";
    }
}
