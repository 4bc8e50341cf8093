package io.canopy.bt.standin;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Output;
import io.canopy.bt.PortDirection;
import io.canopy.bt.Status;
import java.util.List;
import java.util.Map;

/**
 * A declared action or condition with no implementation. Each run (from IDLE to SUCCESS or FAILURE) follows
 * the next {@link StandIn} of its rule (the last one repeats): RUNNING for its running ticks, then it writes
 * its outputs to the ports the tree connected and returns its result. A halt ends the run.
 */
public final class StandInAction extends Node {
    private final StandIn[] runs;
    private final Output[][] outputs;
    private final Object[][] values;
    private final StandInLog log;
    private int run;
    private int ticks;

    /** A stand-in that does {@code script} on every run. */
    public StandInAction(NodeInit init, StandIn script) {
        this(init, List.of(script), "");
    }

    /**
     * A stand-in following {@code runs}; an output the declared type does not have is an error naming the
     * node and {@code where} (the rule's place).
     */
    public StandInAction(NodeInit init, List<StandIn> runs, String where) {
        super(init);
        this.runs = runs.toArray(new StandIn[0]);
        outputs = new Output[this.runs.length][];
        values = new Object[this.runs.length][];
        for (int r = 0; r < this.runs.length; r++) {
            Map<String, Object> out = this.runs[r].outputs();
            outputs[r] = new Output[out.size()];
            values[r] = new Object[out.size()];
            int i = 0;
            for (var e : out.entrySet()) {
                var port = init.type().port(e.getKey());
                if (port == null || port.direction() == PortDirection.INPUT) {
                    throw init.error("the stand-in rule" + (where.isEmpty() ? "" : " at " + where) + " writes '"
                            + e.getKey() + "', which is not an output port of '" + init.type().id() + "'; its output"
                            + " ports are " + outputPorts(init));
                }
                outputs[r][i] = init.has(e.getKey()) ? init.optionalOutput(e.getKey()) : null;
                values[r][i] = e.getValue();
                i++;
            }
        }
        this.log = init.context().service(StandInLog.class);
    }

    private static String outputPorts(NodeInit init) {
        StringBuilder sb = new StringBuilder();
        for (var p : init.type().ports()) {
            if (p.direction() != PortDirection.INPUT) {
                sb.append(sb.length() == 0 ? "" : ", ").append(p.name());
            }
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }

    @Override
    protected Status tick() {
        int r = Math.min(run, runs.length - 1);
        StandIn script = runs[r];
        Status result;
        if (ticks < script.runningTicks()) {
            ticks++;
            result = Status.RUNNING;
        } else {
            ticks = 0;
            run++;
            Output[] outs = outputs[r];
            Object[] vals = values[r];
            for (int i = 0; i < outs.length; i++) {
                if (outs[i] != null) {
                    outs[i].setObject(vals[i]);
                }
            }
            result = script.result();
        }
        if (log != null) {
            log.ticked(typeId(), name(), result);
        }
        return result;
    }

    @Override
    protected void halt() {
        if (isRunning()) {
            run++;
            if (log != null) {
                log.halted(typeId(), name());
            }
        }
        ticks = 0;
        resetStatus();
    }
}
