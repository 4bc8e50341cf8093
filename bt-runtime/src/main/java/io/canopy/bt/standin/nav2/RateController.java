package io.canopy.bt.standin.nav2;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * Nav2's {@code RateController}: ticks its child on the first tick of a run, whenever the child is RUNNING,
 * and once {@code 1/hz} seconds (default hz 10) have passed on the tree's clock since the child last
 * succeeded; in between it returns RUNNING without ticking the child.
 */
public final class RateController extends DecoratorNode {
    private final Input hz;
    private long periodNs;
    private long startNs;
    private boolean first;

    public RateController(NodeInit init) {
        super(init);
        hz = init.has("hz") ? init.input("hz") : null;
    }

    @Override
    protected Status tick() {
        long now = context.clock().nanoTime();
        if (isIdle()) {
            double rate = hz == null ? 10.0 : hz.getDouble();
            periodNs = rate > 0 ? (long) (1e9 / rate) : 0;
            startNs = now;
            first = true;
        }
        if (first || child.isRunning() || now - startNs >= periodNs) {
            first = false;
            Status s = child.executeTick();
            switch (s) {
                case RUNNING -> {
                    return Status.RUNNING;
                }
                case SUCCESS -> {
                    resetChild();
                    startNs = now;
                    return Status.SUCCESS;
                }
                default -> {
                    resetChild();
                    return Status.FAILURE;
                }
            }
        }
        return Status.RUNNING;
    }
}
