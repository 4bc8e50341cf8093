package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.tick.OneShotTimers;
import io.canopy.tick.TimerCallback;

/**
 * Fails a child that stays RUNNING longer than {@code msec} on the tree's clock.
 *
 * <ul>
 *   <li>First tick of a run: arms a one-shot timer (none when {@code msec <= 0}) and ticks the child.
 *   <li>When the timer fires while the child is RUNNING, the child is halted at that moment (between ticks)
 *       and a wake-up emitted; the next tick returns FAILURE without ticking the child.
 *   <li>Child completes: timer cancelled, child reset, its status returned. A halt cancels the timer.
 * </ul>
 */
public final class Timeout extends DecoratorNode implements TimerCallback {
    public static final NodeType TYPE = NodeType.decorator("Timeout", Timeout::new,
            Port.input("msec", PortType.INT).required().describe("time limit in milliseconds"));

    private final Input msec;
    private final OneShotTimers timers;
    private long timerId = OneShotTimers.NULL_TIMER_ID;
    private boolean started;
    private boolean childHalted;

    public Timeout(NodeInit init) {
        super(init);
        msec = init.input("msec");
        timers = context.timers();
    }

    @Override
    protected Status tick() {
        if (!started) {
            started = true;
            childHalted = false;
            long ms = msec.getLong();
            if (ms > 0) {
                timerId = timers.scheduleAt(context.clock().nanoTime() + ms * 1_000_000L, this);
            }
        }
        if (childHalted) {
            started = false;
            return Status.FAILURE;
        }
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            started = false;
            cancelTimer();
            resetChild();
        }
        return s;
    }

    @Override
    public void onTimer(long id, long nowNs) {
        if (id != timerId) {
            return;
        }
        timerId = OneShotTimers.NULL_TIMER_ID;
        if (child.isRunning()) {
            childHalted = true;
            resetChild();
            context.emitWakeUp();
        }
    }

    private void cancelTimer() {
        if (timerId != OneShotTimers.NULL_TIMER_ID) {
            timers.cancel(timerId);
            timerId = OneShotTimers.NULL_TIMER_ID;
        }
    }

    @Override
    protected void halt() {
        started = false;
        cancelTimer();
        super.halt();
    }
}
