package io.canopy.bt.timing;

import io.canopy.bt.Entry;
import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.expr.ValueKind;

/**
 * cark's {@code :timer}: RUNNING until {@code msec} milliseconds have passed on the tree's clock, then SUCCESS.
 *
 * <ul>
 *   <li>Free (no {@code timer} port): counts from the tick that starts it.
 *   <li>Named ({@code timer="name"}): counts from the instant the last timer with that name in this tree
 *       completed (or from now if none has), and records its own completion as its deadline, not the tick
 *       that saw it. A chain of named timers therefore adds up exactly ({@code 3 x 100 ms} ends at 300 ms
 *       whatever the tick jitter). The instants live in the root blackboard entry {@code _timer.<name>}.
 *   <li>Completion is noticed on the first tick at or after the deadline. A halt forgets the start.
 * </ul>
 */
public final class Timer extends Node {
    public static final NodeType TYPE = NodeType.action("Timer", Timer::new,
            Port.input("msec", PortType.LONG).required().describe("duration in milliseconds"),
            Port.input("timer", PortType.STRING)
                    .describe("name: count from the completion of the last timer with this name"))
            .describe("RUNNING until msec elapsed; a named timer counts from the previous one's completion");

    private final Input msec;
    private final Entry lastCompletionNs;
    private long deadlineNs;

    public Timer(NodeInit init) {
        super(init);
        msec = init.input("msec");
        String text = init.text("msec");
        if (!text.startsWith("{") && msec.getLong() < 0) {
            throw init.error("port 'msec': " + text + " is negative; give a duration of 0 ms or more");
        }
        String name = init.text("timer");
        if (name != null && (name.isBlank() || name.startsWith("{"))) {
            throw init.error("port 'timer': give the timer's name as a literal, like timer=\"step\"");
        }
        lastCompletionNs = name == null ? null
                : init.blackboard().root().entry("_timer." + name, ValueKind.LONG);
    }

    @Override
    protected Status tick() {
        long nowNs = context.clock().nanoTime();
        if (status() != Status.RUNNING) {
            long startNs = lastCompletionNs != null && lastCompletionNs.hasValue()
                    ? lastCompletionNs.longValue() : nowNs;
            deadlineNs = startNs + msec.getLong() * 1_000_000L;
        }
        if (nowNs - deadlineNs < 0) {
            return Status.RUNNING;
        }
        if (lastCompletionNs != null) {
            lastCompletionNs.setLong(deadlineNs);
        }
        return Status.SUCCESS;
    }
}
