package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.tick.EventHandler;
import io.canopy.tick.TickListener;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node's timers and the cycle each one runs ({@link NodeCycle}: the phases of a tick): while the node loads, the
 * builder of each timer's cycle, which the parts add their work to; then the cycles, listening to their timers.
 */
final class NodeCycles {
    private final NodePlan plan;
    private final Ticker ticker;
    private final Map<String, NodeCycle.Builder> builders = new LinkedHashMap<>();
    private final List<NodeCycle> cycles = new ArrayList<>();
    /** Wall-clock time (ms) of the node's first tick, 0 before it. */
    private volatile long firstTickEpochMs;

    /** The plan's timers on {@code ticker}, which drains its inbox into {@code inputs} first (phase 0, inputs). */
    NodeCycles(NodePlan plan, Ticker ticker, EventHandler inputs) {
        this.plan = plan;
        this.ticker = ticker;
        for (TimerPlan t : plan.timers()) {
            ticker.addTimer(t.name(), TickRate.hz(t.hz()));
            builders.put(t.name(), new NodeCycle.Builder(t.name()));
        }
        ticker.addEventHandler(inputs);
    }

    /** Load time: the cycle of timer {@code timer} being built. */
    NodeCycle.Builder of(String timer) {
        return builders.get(timer);
    }

    /** Load time: {@code decider} (a machine, a tree) in the decide phase of {@code timer}, its refresh in the status phase. */
    void decide(String timer, TickListener decider, Runnable refreshStatus) {
        builders.get(timer).decide.add(decider);
        builders.get(timer).status.add(nowNs -> refreshStatus.run());
    }

    /** Load time: every timer's cycle being built, by timer name. */
    Map<String, NodeCycle.Builder> builders() {
        return builders;
    }

    TickTimer timer(String name) {
        TickTimer t = ticker.timer(name);
        if (t == null) {
            throw new IllegalStateException("timer '" + name + "' was checked by the loader but is missing");
        }
        return t;
    }

    /** The timer that sends motor commands: the diffdrive's, else the first timer. */
    TickTimer controlTimer() {
        if (plan.diffDrive() != null) {
            return timer(plan.diffDrive().timer());
        }
        if (plan.timers().isEmpty()) {
            if (!plan.motors().isEmpty()) {
                throw new InputException(plan.source() + ": motors need a timer to refresh their commands; add <timer name=\"control\" hz=\"50\"/>");
            }
            return null;
        }
        return ticker.timers().get(0);
    }

    /** End of load: builds each timer's cycle and has it listen to its timer, notes the first tick, sets tick budgets. */
    void build(NodeTap tap) {
        for (NodeCycle.Builder b : builders.values()) {
            NodeCycle cycle = b.build();
            cycle.tap = tap;
            cycle.index = cycles.size();
            cycles.add(cycle);
            timer(b.timerName()).addListener(cycle);
        }
        if (!ticker.timers().isEmpty()) {
            ticker.timers().get(0).addListener(nowNs -> {
                if (firstTickEpochMs == 0) {
                    firstTickEpochMs = System.currentTimeMillis(); // for the startup report only, not for decisions
                }
            });
        }
        long stallNs = plan.safety().stallNs(plan.timers().stream().mapToDouble(TimerPlan::hz).max().orElse(0));
        for (TickTimer t : ticker.timers()) {
            t.budgetNs(stallNs);
        }
    }

    /** The cycles, one per timer in the launch file's order (empty before {@link #build}). */
    List<NodeCycle> cycles() {
        return cycles;
    }

    long firstTickEpochMs() {
        return firstTickEpochMs;
    }
}
