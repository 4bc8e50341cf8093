package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * Runs its child until it completes once. Afterwards returns SKIPPED ({@code then_skip="true"}, the default)
 * or the status the child completed with, without ticking it. RUNNING ticks do not count as the once.
 */
public final class RunOnce extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("RunOnce", RunOnce::new,
            Port.input("then_skip", PortType.BOOLEAN).withDefault("true")
                    .describe("after the first run return SKIPPED, else the first result"));

    private final Input thenSkip;
    private boolean done;
    private Status result;

    public RunOnce(NodeInit init) {
        super(init);
        thenSkip = init.input("then_skip");
    }

    @Override
    protected Status tick() {
        if (done) {
            return thenSkip.getBoolean() ? Status.SKIPPED : result;
        }
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            done = true;
            result = s;
            resetChild();
        }
        return s;
    }
}
