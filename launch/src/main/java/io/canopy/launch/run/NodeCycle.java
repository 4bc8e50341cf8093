package io.canopy.launch.run;

import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.InboundRouter;
import io.canopy.tick.TickListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The work of one node on one timer's tick, in fixed, named phases. Before any timer of the tick fires,
 * the ticker has drained the inbox into the {@link InboundRouter} (phase 0: <i>inputs</i> — serial and MQTT
 * messages into blackboard entries and onto the {@link EventBus}). Then, for each timer that is due:
 *
 * <pre>
 *   sense    odometry from the wheels' encoders (the diffdrive)
 *   decide   state machines take their queued events, then the trees tick
 *   act      set-points from the blackboard (diffdrive cmd_v/cmd_w, bound set-points), the failsafe's
 *            silence and stale-command checks, then the motor controllers send
 *   output   blackboard entries bound to MQTT go to the outbox
 *   status   snapshots for the status line, telemetry and monitors (at most every 100 ms), telemetry
 * </pre>
 *
 * One {@code NodeCycle} is the only listener of its timer, so what runs in a tick and in which order is
 * fixed by {@link #onTick} and not by the order components were built in. Each phase is an array filled
 * once at load; nothing here allocates.
 */
public final class NodeCycle implements TickListener {
    private static final TickListener[] NONE = new TickListener[0];
    private static final long STATUS_PERIOD_NS = 100_000_000L;

    final String timer;
    private TickListener[] sense = NONE;
    private TickListener[] decide = NONE;
    private TickListener[] act = NONE;
    private TickListener[] output = NONE;
    private TickListener[] status = NONE;
    private long lastStatusNs = Long.MIN_VALUE;
    private long ticks;
    /** The recorder or replayer (see {@link NodeTap}); {@link NodeTap#NONE} otherwise. */
    NodeTap tap = NodeTap.NONE;
    /** This cycle's timer, as an index in the launch file's order (for the tap). */
    int index;

    NodeCycle(String timer) {
        this.timer = timer;
    }

    @Override
    public void onTick(long tickerNs) {
        ticks++;
        long nowNs = tap.cycleTime(index, tickerNs);
        tap.beforeCycle(index, nowNs);
        try {
            run(sense, nowNs);
            run(decide, nowNs);
            run(act, nowNs);
            run(output, nowNs);
            if (nowNs - lastStatusNs >= STATUS_PERIOD_NS || lastStatusNs == Long.MIN_VALUE) {
                lastStatusNs = nowNs;
                run(status, nowNs);
            }
        } finally {
            tap.afterCycle(index, nowNs); // also after a throw: a recorder's clock leaves the tick's time here
        }
    }

    private static void run(TickListener[] phase, long nowNs) {
        for (TickListener l : phase) {
            l.onTick(nowNs);
        }
    }

    long ticks() {
        return ticks;
    }

    /** Load time: the members of each phase, in the order they run within it. */
    public static final class Builder {
        private final String timer;
        public final List<TickListener> sense = new ArrayList<>();
        public final List<TickListener> decide = new ArrayList<>();
        public final List<TickListener> act = new ArrayList<>();
        public final List<TickListener> output = new ArrayList<>();
        public final List<TickListener> status = new ArrayList<>();

        Builder(String timer) {
            this.timer = timer;
        }

        String timerName() {
            return timer;
        }

        boolean isEmpty() {
            return sense.isEmpty() && decide.isEmpty() && act.isEmpty() && output.isEmpty() && status.isEmpty();
        }

        NodeCycle build() {
            NodeCycle c = new NodeCycle(timer);
            c.sense = sense.toArray(NONE);
            c.decide = decide.toArray(NONE);
            c.act = act.toArray(NONE);
            c.output = output.toArray(NONE);
            c.status = status.toArray(NONE);
            return c;
        }
    }
}
