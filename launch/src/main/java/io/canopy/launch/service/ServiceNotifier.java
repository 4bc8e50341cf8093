package io.canopy.launch.service;

import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.run.ForwardingTap;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeTap;
import io.canopy.tick.TickListener;
import io.canopy.tick.TickTimer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Canopy's side of a systemd {@code Type=notify} service with a watchdog: {@code READY=1} after every node's first
 * tick, {@code STATUS=} with the one-line status, {@code WATCHDOG=1} every half {@code WATCHDOG_USEC} while the
 * ticks are on time, {@code STOPPING=1} on shutdown. A no-op ({@link #NONE}) when {@code NOTIFY_SOCKET} is unset.
 *
 * <p>The tick path only stores {@link System#nanoTime()} in a volatile field (a listener on each node's first timer:
 * no allocation, no lock, no system call). A helper thread ({@code canopy-sd-notify}) reads it and sends the
 * datagrams: when a node's last tick is older than its timer's period plus its stall budget (the budget after
 * which Canopy's own {@link io.canopy.tick.Watchdog} has already called the failsafe and stopped the motors), it
 * sends no {@code WATCHDOG=1}, and systemd restarts the service once {@code WatchdogSec} has passed without one.
 */
public final class ServiceNotifier implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("io.canopy.service");
    private static final byte[] WATCHDOG = "WATCHDOG=1".getBytes(StandardCharsets.US_ASCII);

    /** Outside systemd: every method does nothing. */
    public static final ServiceNotifier NONE = new ServiceNotifier(null, 0);

    /** One node's first timer, as the helper thread sees it. */
    static final class Slot implements TickListener {
        final String node;
        volatile TickTimer timer;
        volatile long lastTickNs;

        Slot(String node) {
            this.node = node;
        }

        @Override
        public void onTick(long nowNs) { // tick thread: one store, nothing else
            lastTickNs = System.nanoTime();
        }

        /** How old the last tick may be while the ticks are on time. */
        long toleranceNs() {
            TickTimer t = timer;
            return t == null ? Long.MAX_VALUE : t.rate().periodNs() + t.budgetNs();
        }
    }

    private final SdNotify socket;
    private final long watchdogUsec;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final AtomicLong pings = new AtomicLong();
    private volatile Supplier<String> status = () -> "running";
    private volatile boolean stopping;
    private volatile boolean ready;
    private Thread thread;

    private ServiceNotifier(SdNotify socket, long watchdogUsec) {
        this.socket = socket;
        this.watchdogUsec = watchdogUsec;
    }

    /**
     * From systemd's variables: {@code NOTIFY_SOCKET} (unset: {@link #NONE}), {@code WATCHDOG_USEC} and
     * {@code WATCHDOG_PID} (the watchdog is for this process only when the pid is unset or ours).
     */
    public static ServiceNotifier fromEnvironment(Map<String, String> env) {
        String path = env.get("NOTIFY_SOCKET");
        if (path == null || path.isEmpty()) {
            return NONE;
        }
        long usec = 0;
        String w = env.get("WATCHDOG_USEC");
        String pid = env.get("WATCHDOG_PID");
        if (w != null && !w.isBlank() && (pid == null || pid.isBlank()
                || pid.strip().equals(Long.toString(ProcessHandle.current().pid())))) {
            try {
                usec = Long.parseLong(w.strip());
            } catch (NumberFormatException e) {
                LOG.warn("WATCHDOG_USEC is not a number ('{}'): no watchdog pings", w);
            }
        }
        try {
            return new ServiceNotifier(SdNotify.to(path), Math.max(0, usec));
        } catch (RuntimeException e) {
            LOG.warn("NOTIFY_SOCKET={}: {}; not notifying systemd", path, e.getMessage());
            return NONE;
        }
    }

    /** Notifies {@code socketPath}, with watchdog pings every {@code watchdogUsec / 2} (0: none). */
    public static ServiceNotifier create(String socketPath, long watchdogUsec) {
        return new ServiceNotifier(SdNotify.to(socketPath), watchdogUsec);
    }

    /** Whether systemd listens (NOTIFY_SOCKET set). */
    public boolean active() {
        return socket != null;
    }

    /** WATCHDOG=1 datagrams sent so far. */
    public long pings() {
        return pings.get();
    }

    /** Where the {@code STATUS=} text of READY=1 comes from (any thread). */
    public void statusFrom(Supplier<String> status) {
        this.status = status;
    }

    /**
     * The taps for LaunchRunner.start: each node's tap is {@code inner}'s (a recorder, or none when {@code inner} is
     * null) plus a listener on the node's first timer. Returns {@code inner} itself outside systemd.
     */
    public Function<NodePlan, NodeTap> taps(Function<NodePlan, NodeTap> inner) {
        if (!active()) {
            return inner;
        }
        return plan -> tap(plan.fullName(), inner == null ? NodeTap.NONE : inner.apply(plan));
    }

    /** A tap that watches one node's first timer and otherwise is {@code inner}. */
    public NodeTap tap(String nodeName, NodeTap inner) {
        Slot slot = new Slot(nodeName);
        slots.add(slot);
        startThread();
        return new WatchTap(inner, slot);
    }

    /** Sends {@code STATUS=line} (first line only). */
    public void status(String line) {
        if (active() && !stopping) {
            socket.send("STATUS=" + oneLine(line));
        }
    }

    /** Sends {@code STOPPING=1} and ends the watchdog pings. */
    public void stopping(String why) {
        if (active() && !stopping) {
            stopping = true;
            socket.send("STOPPING=1\nSTATUS=stopping (" + oneLine(why) + ")");
            Thread t = thread;
            if (t != null) {
                t.interrupt();
            }
        }
    }

    @Override
    public void close() {
        if (!active()) {
            return;
        }
        stopping = true;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        socket.close();
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private synchronized void startThread() {
        if (thread != null) {
            return;
        }
        thread = new Thread(this::run, "canopy-sd-notify");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        long pingEveryNs = watchdogUsec > 0 ? TimeUnit.MICROSECONDS.toNanos(watchdogUsec) / 2 : 0;
        boolean stalledReported = false;
        try {
            while (!stopping) {
                if (!ready) {
                    if (!slots.isEmpty() && slots.stream().allMatch(s -> s.lastTickNs != 0)) {
                        ready = true;
                        socket.send("READY=1\nSTATUS=" + oneLine(String.valueOf(status.get())));
                        LOG.debug("systemd: READY=1 sent (watchdog every {} ms)", TimeUnit.NANOSECONDS.toMillis(pingEveryNs));
                        if (pingEveryNs == 0) {
                            return; // nothing more to send from this thread
                        }
                        continue; // the first ping at once
                    }
                    Thread.sleep(5);
                    continue;
                }
                long now = System.nanoTime();
                Slot late = null;
                for (Slot s : slots) {
                    if (now - s.lastTickNs > s.toleranceNs()) {
                        late = s;
                        break;
                    }
                }
                if (late == null) {
                    if (socket.send(WATCHDOG)) {
                        pings.incrementAndGet();
                    }
                    if (stalledReported) {
                        LOG.info("systemd watchdog: ticks on time again; WATCHDOG=1 resumed");
                        stalledReported = false;
                    }
                } else if (!stalledReported) {
                    stalledReported = true;
                    LOG.warn("systemd watchdog: node {} has not ticked for {} ms; no WATCHDOG=1 until it does "
                            + "(systemd restarts the service after WatchdogSec)", late.node,
                            TimeUnit.NANOSECONDS.toMillis(now - late.lastTickNs));
                }
                TimeUnit.NANOSECONDS.sleep(pingEveryNs);
            }
        } catch (InterruptedException e) {
            // stopping
        }
    }

    /** The node's own tap ({@code inner}) plus the first-timer listener. */
    private static final class WatchTap extends ForwardingTap {
        private final Slot slot;

        WatchTap(NodeTap inner, Slot slot) {
            super(inner);
            this.slot = slot;
        }

        @Override
        public void attached(NodeControl node) {
            if (!node.view().timerNames().isEmpty()) {
                TickTimer first = node.timer(0);
                slot.timer = first;
                first.addListener(slot);
            } else {
                slot.lastTickNs = System.nanoTime(); // no timer, nothing to wait for
            }
            inner.attached(node);
        }
    }
}
