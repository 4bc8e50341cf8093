package io.canopy.bt.standin;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Output;
import io.canopy.bt.Status;

/**
 * A declared action or condition with no implementation: returns RUNNING for {@link StandIn#runningTicks()}
 * ticks, then writes the scripted outputs and returns the scripted result (SUCCESS by default).
 */
public final class StandInAction extends Node {
    private final StandIn script;
    private final Output[] outputs;
    private final Object[] values;
    private int ticks;

    public StandInAction(NodeInit init, StandIn script) {
        super(init);
        this.script = script;
        int n = script.outputs().size();
        outputs = new Output[n];
        values = new Object[n];
        int i = 0;
        for (var e : script.outputs().entrySet()) {
            var port = init.type().port(e.getKey());
            outputs[i] = port != null && port.direction() != io.canopy.bt.PortDirection.INPUT && init.has(e.getKey())
                    ? init.optionalOutput(e.getKey()) : null;
            values[i] = e.getValue();
            i++;
        }
    }

    @Override
    protected Status tick() {
        if (ticks < script.runningTicks()) {
            ticks++;
            return Status.RUNNING;
        }
        ticks = 0;
        for (int i = 0; i < outputs.length; i++) {
            if (outputs[i] != null) {
                outputs[i].setObject(values[i]);
            }
        }
        return script.result();
    }

    @Override
    protected void halt() {
        ticks = 0;
    }
}
