package io.canopy.messaging;

import io.canopy.proto.MachineStatus;
import io.canopy.proto.TimerStats;
import io.canopy.proto.TreeStatus;
import io.canopy.tick.TickListener;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Monitoring over MQTT, all at QoS 0 under the node's {@code ~status/}: {@code TimerStats} of every timer of
 * a ticker at the rate of its telemetry timer ({@code ~status/timers/<timer>}), {@code TreeStatus} of each
 * tree ({@code ~status/trees/<tree>}) and {@code MachineStatus} of each machine
 * ({@code ~status/machines/<machine>}) when they change.
 *
 * <p>The telemetry timer's tick only wakes this publisher's thread ({@code canopy-status-<node>}), which
 * takes the statistics snapshots (they copy histograms) and publishes: the tick thread allocates nothing.
 * Tree and machine snapshots are handed in by their owner ({@link #tree}, {@link #machine}) from any thread;
 * one equal to the last one sent (ignoring tick and event counters) is not published again.
 */
public final class StatusPublisher implements TickListener, AutoCloseable {
    private final Node node;
    private final Ticker ticker;
    private final ConcurrentHashMap<String, Publisher<TimerStats>> timerPubs = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Object> lastSent = new ConcurrentHashMap<>();
    private volatile boolean due;
    private volatile boolean running = true;
    private final Thread thread;

    /** Publishes the timer statistics of {@code ticker} each time its timer {@code telemetryTimer} ticks. */
    public StatusPublisher(Node node, Ticker ticker, String telemetryTimer) {
        this.node = node;
        this.ticker = ticker;
        TickTimer t = ticker.timer(telemetryTimer);
        thread = new Thread(this::loop, "canopy-status-" + node.path());
        thread.setDaemon(true);
        thread.start();
        t.addListener(this);
    }

    /** The tick thread: asks for a publication. Allocates nothing. */
    @Override
    public void onTick(long nowNs) {
        due = true;
        LockSupport.unpark(thread);
    }

    private void loop() {
        while (running) {
            if (!due) {
                LockSupport.park(this);
                continue;
            }
            due = false;
            try {
                publishTimers();
            } catch (RuntimeException e) {
                node.listenerFailed("status/timers", e);
            }
        }
    }

    /** Publishes the statistics of every timer now (the status thread does it at the telemetry rate). */
    public void publishTimers() {
        for (io.canopy.tick.TimerStats s : ticker.stats()) {
            TimerStats msg = TimerStats.newBuilder()
                    .setTimer(s.name())
                    .setRateHz(s.rate().hz())
                    .setTicks(s.ticks())
                    .setOverruns(s.overruns())
                    .setMissedDeadlines(s.missed())
                    .setLatenessP50Us(s.latenessNsAt(50) / 1e3)
                    .setLatenessP99Us(s.latenessNsAt(99) / 1e3)
                    .setLatenessP999Us(s.latenessNsAt(99.9) / 1e3)
                    .setLatenessMaxUs(s.maxLatenessNs() / 1e3)
                    .setDurationP99Us(s.durationNsAt(99) / 1e3)
                    .build();
            timerPubs.computeIfAbsent(s.name(), n -> node.newPublisher("~status/timers/" + level(n), TimerStats.class))
                    .publish(msg);
        }
    }

    /** Publishes a tree's status when it differs from the last one sent (the tick count aside). */
    public boolean tree(TreeStatus status) {
        TreeStatus key = status.toBuilder().clearTickCount().build();
        if (key.equals(lastSent.put("tree:" + status.getTree(), key))) {
            return false;
        }
        node.newPublisher("~status/trees/" + level(status.getTree()), TreeStatus.class).publish(status);
        return true;
    }

    /** Publishes a machine's status when it differs from the last one sent (the event count aside). */
    public boolean machine(MachineStatus status) {
        MachineStatus key = status.toBuilder().clearEventsProcessed().build();
        if (key.equals(lastSent.put("machine:" + status.getMachine(), key))) {
            return false;
        }
        node.newPublisher("~status/machines/" + level(status.getMachine()), MachineStatus.class).publish(status);
        return true;
    }

    /** A name as one topic level: '/', '+' and '#' become '_'. */
    static String level(String name) {
        String s = name.isEmpty() ? "_" : name;
        return s.replace('/', '_').replace('+', '_').replace('#', '_');
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
    }
}
