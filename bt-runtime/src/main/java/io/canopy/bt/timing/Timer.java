package io.canopy.bt.timing;

import io.canopy.bt.Entry;
import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.scope.ComputedName;

/**
 * cark's {@code :timer}: RUNNING until {@code msec} milliseconds have passed on the tree's clock, then SUCCESS.
 *
 * <ul>
 *   <li>Free (no {@code timer} port): counts from the tick that starts it.
 *   <li>Named ({@code timer="name"}): counts from the instant the last timer with that name in this tree
 *       completed (or from now if none has), and records its own completion as its deadline, not the tick
 *       that saw it. A chain of named timers therefore adds up exactly ({@code 3 x 100 ms} ends at 300 ms
 *       whatever the tick jitter). The instants live in the root blackboard entry {@code _timer.<name>}.
 *   <li>The name may be computed, as in cark ("keyword or keyword returning context function"): {@code
 *       timer="{key}"} reads it from the blackboard, {@code timer="= 'leg_' + n"} from a script. It is read
 *       when the timer starts; the completion is recorded under that same name.
 *   <li>Completion is noticed on the first tick at or after the deadline. A halt forgets the start.
 * </ul>
 */
public final class Timer extends Node {
    public static final NodeType TYPE = NodeType.action("Timer", Timer::new,
            Port.input("msec", PortType.LONG).required().describe("duration in milliseconds"),
            Port.input("timer", PortType.STRING)
                    .describe("name (a literal, {key} or = script): count from the last completion of that name"))
            .describe("RUNNING until msec elapsed; a named timer counts from the previous one's completion");

    private final Input msec;
    private final ComputedName name;
    private final NamedTimers named;
    private final Entry literalCompletion;
    private Entry completion;
    private long deadlineNs;

    public Timer(NodeInit init) {
        super(init);
        msec = init.input("msec");
        String text = init.text("msec");
        if (!text.startsWith("{") && msec.getLong() < 0) {
            throw init.error("port 'msec': " + text + " is negative; give a duration of 0 ms or more");
        }
        name = ComputedName.of(init, "timer");
        if (name != null) {
            named = NamedTimers.of(init.context());
            named.bind(init.blackboard());
            literalCompletion = name.literal() != null ? named.completion(name.literal()) : null;
        } else {
            named = null;
            literalCompletion = null;
        }
    }

    @Override
    protected Status tick() {
        long nowNs = context.clock().nanoTime();
        if (status() != Status.RUNNING) {
            completion = name == null ? null
                    : literalCompletion != null ? literalCompletion : named.completion(name.get());
            long startNs = completion != null && completion.hasValue() ? completion.longValue() : nowNs;
            deadlineNs = startNs + msec.getLong() * 1_000_000L;
        }
        if (nowNs - deadlineNs < 0) {
            return Status.RUNNING;
        }
        if (completion != null) {
            completion.setLong(deadlineNs);
        }
        return Status.SUCCESS;
    }
}
