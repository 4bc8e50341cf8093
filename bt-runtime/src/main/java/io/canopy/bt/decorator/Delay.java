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
 * Waits {@code delay_msec} on the tree's clock before ticking its child.
 *
 * <ul>
 *   <li>First tick: starts a one-shot timer, RUNNING. Until it fires: RUNNING, child not ticked.
 *   <li>Afterwards the child is ticked; its status is returned; when it completes the delay is re-armed for
 *       the next run. The expiry emits a wake-up.
 *   <li>A halt cancels the timer (the next tick starts a new delay) and halts the child.
 * </ul>
 */
public final class Delay extends DecoratorNode implements TimerCallback {
    public static final NodeType TYPE = NodeType.decorator("Delay", Delay::new,
            Port.input("delay_msec", PortType.INT).required().describe("delay in milliseconds"));

    private final Input delayMs;
    private final OneShotTimers timers;
    private long timerId = OneShotTimers.NULL_TIMER_ID;
    private boolean started;
    private boolean complete;

    public Delay(NodeInit init) {
        super(init);
        delayMs = init.input("delay_msec");
        timers = context.timers();
    }

    @Override
    protected Status tick() {
        if (!started) {
            started = true;
            complete = false;
            long nowNs = context.clock().nanoTime();
            timerId = timers.scheduleAt(nowNs + delayMs.getLong() * 1_000_000L, this);
        }
        if (!complete) {
            return Status.RUNNING;
        }
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            started = false;
            resetChild();
        }
        return s;
    }

    @Override
    public void onTimer(long id, long nowNs) {
        if (id == timerId) {
            timerId = OneShotTimers.NULL_TIMER_ID;
            complete = true;
            context.emitWakeUp();
        }
    }

    @Override
    protected void halt() {
        started = false;
        if (timerId != OneShotTimers.NULL_TIMER_ID) {
            timers.cancel(timerId);
            timerId = OneShotTimers.NULL_TIMER_ID;
        }
        super.halt();
    }
}
