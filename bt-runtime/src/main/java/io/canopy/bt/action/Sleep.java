package io.canopy.bt.action;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.tick.OneShotTimers;
import io.canopy.tick.TimerCallback;

/**
 * RUNNING for {@code msec} on the tree's clock, then SUCCESS ({@code msec <= 0}: SUCCESS at once). The expiry
 * emits a wake-up; a halt cancels the timer.
 */
public final class Sleep extends StatefulAction implements TimerCallback {
    public static final NodeType TYPE = NodeType.action("Sleep", Sleep::new,
            Port.input("msec", PortType.INT).required().describe("time to sleep in milliseconds"));

    private final Input msec;
    private final OneShotTimers timers;
    private long timerId = OneShotTimers.NULL_TIMER_ID;
    private boolean waiting;

    public Sleep(NodeInit init) {
        super(init);
        msec = init.input("msec");
        timers = context.timers();
    }

    @Override
    protected Status onStart() {
        long ms = msec.getLong();
        if (ms <= 0) {
            return Status.SUCCESS;
        }
        waiting = true;
        timerId = timers.scheduleAt(context.clock().nanoTime() + ms * 1_000_000L, this);
        return Status.RUNNING;
    }

    @Override
    protected Status onRunning() {
        return waiting ? Status.RUNNING : Status.SUCCESS;
    }

    @Override
    protected void onHalted() {
        waiting = false;
        if (timerId != OneShotTimers.NULL_TIMER_ID) {
            timers.cancel(timerId);
            timerId = OneShotTimers.NULL_TIMER_ID;
        }
    }

    @Override
    public void onTimer(long id, long nowNs) {
        if (id == timerId) {
            timerId = OneShotTimers.NULL_TIMER_ID;
            waiting = false;
            context.emitWakeUp();
        }
    }
}
