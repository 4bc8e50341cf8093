package io.canopy.bt;

/**
 * An action whose work spans ticks (BT.CPP StatefulActionNode): {@link #onStart()} on the first tick,
 * {@link #onRunning()} on the following ones while RUNNING, {@link #onHalted()} when it is halted while
 * RUNNING. Slow work (I/O, planning) runs elsewhere and is polled here; never block the tick thread.
 */
public abstract class StatefulAction extends Node {
    protected StatefulAction(NodeInit init) {
        super(init);
    }

    /** Called when the action is ticked while IDLE. Returns RUNNING, SUCCESS or FAILURE. */
    protected abstract Status onStart();

    /** Called when the action is ticked while RUNNING. Returns RUNNING, SUCCESS or FAILURE. */
    protected abstract Status onRunning();

    /** Called when the action is halted while RUNNING. */
    protected abstract void onHalted();

    @Override
    protected final Status tick() {
        Status s = state == RUNNING ? onRunning() : onStart();
        if (s == Status.IDLE) {
            throw new IllegalStateException("onStart/onRunning of '" + name() + "' returned IDLE");
        }
        return s;
    }

    @Override
    protected final void halt() {
        if (state == RUNNING) {
            onHalted();
        }
        setState(IDLE);
    }
}
