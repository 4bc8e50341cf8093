package io.canopy.bt.repetition;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.scope.Condition;

/**
 * cark's {@code :repeat}: reruns its child whatever it returns, until {@code count} runs completed or the
 * condition {@code while} is falsy (checked before each run, the first included; an entry name or a script,
 * judged by cark's truthiness); then SUCCESS.
 *
 * <ul>
 *   <li>Before a run: {@code while} false, or {@code count} runs done: SUCCESS (the child is not ticked).
 *   <li>Child SUCCESS or FAILURE: one run done; the next follows in the same tick if the child had been
 *       RUNNING, else RUNNING plus a wake-up (BT.CPP's Repeat rule). RUNNING: RUNNING. SKIPPED: SKIPPED.
 *   <li>At least one of {@code count} (-1 = no limit) and {@code while} must be given. A halt resets the
 *       count.
 * </ul>
 */
public final class RepeatWhile extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("RepeatWhile", RepeatWhile::new,
            Port.input("count", PortType.INT).withDefault("-1").describe("runs to complete; -1 = no limit"),
            Port.input("while", PortType.STRING).describe("script checked before each run; false ends"))
            .describe("rerun the child (any result) count times or while a condition holds; then SUCCESS");

    private final Input count;
    private final Condition condition;
    private long runs;

    public RepeatWhile(NodeInit init) {
        super(init);
        count = init.input("count");
        condition = init.text("while") == null ? null : Condition.of(init, "while");
        if (condition == null && "-1".equals(init.text("count"))) {
            throw init.error("give count=\"N\" or while=\"script\" (or both), or it repeats forever; for that use "
                    + "KeepRunningUntilFailure or Repeat num_cycles=\"-1\"");
        }
    }

    @Override
    protected Status tick() {
        while (true) {
            Status before = child.status();
            if (before != Status.RUNNING) {
                long n = count.getLong();
                if ((n >= 0 && runs >= n) || (condition != null && !condition.test())) {
                    runs = 0;
                    return Status.SUCCESS;
                }
            }
            Status s = child.executeTick();
            if (s == Status.RUNNING || s == Status.SKIPPED) {
                return s;
            }
            if (s == Status.IDLE) {
                throw idleReturned(child);
            }
            resetChild();
            runs++;
            if (before == Status.IDLE) {
                long n = count.getLong();
                if (n >= 0 && runs >= n) {
                    runs = 0;
                    return Status.SUCCESS;
                }
                context.emitWakeUp();
                return Status.RUNNING;
            }
        }
    }

    @Override
    protected void halt() {
        runs = 0;
        super.halt();
    }
}
