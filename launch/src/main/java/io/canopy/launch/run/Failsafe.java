package io.canopy.launch.run;

import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.route.EventBus;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.StallHandler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's failsafe, armed by every {@code canopy run}. Three triggers put motors in their safe state:
 * <ol>
 *   <li><b>stall</b> (watchdog thread, {@link #onStall}): a tick ran longer than {@code stall_ms}; every
 *       motor of the node gets a stop at once, from the watchdog thread, and {@code watchdog.stall} is raised;</li>
 *   <li><b>silent device</b> ({@link #check}, tick thread): a link received no frame (heartbeats count) for
 *       its {@code timeout_ms} while its port stayed open; {@code device.lost} is raised with the link's name,
 *       its motors are held at stop (still written, in case the device hears them) until frames return, then
 *       {@code device.back};</li>
 *   <li><b>stale command</b> ({@link #check}): a command source (a blackboard entry a {@code <bind>} or the
 *       diffdrive turns into set-points: written by a tree or by MQTT) not written for {@code command_timeout_ms}
 *       while it commands motion holds its motors at stop until it is written again.</li>
 * </ol>
 * The checks read time only through the tick's {@code nowNs} (the node's clock), so runs replay.
 */
public final class Failsafe implements StallHandler {
    private static final Logger LOG = LoggerFactory.getLogger(Failsafe.class);
    public static final String EVENT_STALL = "watchdog.stall";

    /** A link watched for silence. */
    private static final class Watched {
        final LinkRuntime link;
        final long timeoutNs;
        long framesSeen = -1;
        long lastFrameNs;
        boolean silent;
        /** Lost since, held until the mission raises motors.release (or, without a machine, until it is back). */
        boolean lost;

        Watched(LinkRuntime link, long timeoutNs) {
            this.link = link;
            this.timeoutNs = timeoutNs;
        }
    }

    /** A command source: entries whose writes keep {@code motors} moving. */
    private static final class Source {
        final String name;
        final Entry[] entries;
        final long[] seen;
        final MotorController[] motors;
        long lastWriteNs;
        boolean stale;

        Source(String name, Entry[] entries, MotorController[] motors) {
            this.name = name;
            this.entries = entries;
            this.seen = new long[entries.length];
            Arrays.fill(seen, -1);
            this.motors = motors;
        }
    }

    private final String node;
    private final MotorController[] allMotors;
    private final Watched[] links;
    private final List<Source> sourceList = new ArrayList<>();
    private Source[] sources = new Source[0];
    private final long commandTimeoutNs;
    private final EventBus bus;
    private final EventQueue inbox;
    private final Event stallEvent = new Event(0);
    private final AtomicLong stalls = new AtomicLong();
    private final AtomicLong lastStallStopNs = new AtomicLong(-1);
    private long silences;
    private long staleCommands;

    /** The event a mission raises to let the motors of links that were lost move again. */
    static final String EVENT_RELEASE = "motors.release";
    private final boolean missionReleases;

    Failsafe(String node, List<LinkRuntime> linkRuntimes, long commandTimeoutNs, EventBus bus, EventQueue inbox,
            boolean missionReleases) {
        this.missionReleases = missionReleases;
        this.node = node;
        List<MotorController> motors = new ArrayList<>();
        List<Watched> watched = new ArrayList<>();
        for (LinkRuntime l : linkRuntimes) {
            if (l.motors != null) {
                motors.add(l.motors);
            }
            watched.add(new Watched(l, l.plan.timeoutMs() * 1_000_000L));
        }
        this.allMotors = motors.toArray(new MotorController[0]);
        this.links = watched.toArray(new Watched[0]);
        this.commandTimeoutNs = commandTimeoutNs;
        this.bus = bus;
        this.inbox = inbox;
    }

    /** At load: {@code entries} command {@code motors}; a pause in their writes longer than the timeout stops them. */
    public void watchCommands(String name, Entry[] entries, MotorController[] motors) {
        sourceList.add(new Source(name, entries, motors));
        sources = sourceList.toArray(new Source[0]);
    }

    /**
     * Watchdog thread: a tick is stalled. Stops every motor now (the stop frames are queued to the links'
     * writer threads from here, not from the stalled tick thread) and raises {@code watchdog.stall}.
     */
    @Override
    public void onStall(String tickerRole, String timerName, long stalledForNs) {
        stalls.incrementAndGet();
        for (MotorController m : allMotors) {
            m.stopAll();
        }
        lastStallStopNs.set(System.nanoTime());
        synchronized (stallEvent) {
            stallEvent.set(EventKind.COMMAND, EVENT_STALL, 0).attachment(timerName);
            inbox.offer(stallEvent);
            stallEvent.attachment(null);
        }
    }

    /** Tick thread, act phase, before the motor controllers send: the silence and stale-command checks. */
    void check(long nowNs) {
        for (Watched w : links) {
            long frames = w.link.link.framesReceived();
            if (w.framesSeen < 0) {
                w.framesSeen = frames;
                w.lastFrameNs = nowNs; // the silence clock starts with the node
                continue;
            }
            if (frames != w.framesSeen) {
                w.framesSeen = frames;
                // when the frame arrived (the link stamps it with the node's clock), not when this tick saw it, so
                // the silence is detected on the first tick after timeout_ms has really passed
                long arrived = w.link.link.lastFrameNs();
                w.lastFrameNs = arrived != 0 && arrived - nowNs <= 0 ? arrived : nowNs;
                if (w.silent) {
                    w.silent = false;
                    w.link.health.back(nowNs);
                    bus.publish(SerialLink.EVENT_DEVICE_BACK, w.link.plan.name(), null, nowNs);
                }
            } else if (!w.silent && w.timeoutNs > 0 && nowNs - w.lastFrameNs > w.timeoutNs) {
                w.silent = true;
                silences++;
                if (w.link.motors != null) {
                    w.link.motors.hold(true);
                }
                w.link.health.lost(nowNs, "no frame for " + LinkHealth.seconds(nowNs - w.lastFrameNs) + " (timeout_ms "
                        + w.timeoutNs / 1_000_000 + ") with the port open");
                bus.publish(SerialLink.EVENT_DEVICE_LOST, w.link.plan.name(), null, nowNs);
            }
        }
        for (Source s : sources) {
            boolean written = false;
            boolean moving = false;
            for (int i = 0; i < s.entries.length; i++) {
                Entry e = s.entries[i];
                long seq = e.sequence();
                if (seq != s.seen[i]) {
                    s.seen[i] = seq;
                    written = true;
                }
                ValueKind k = e.kind();
                if (e.hasValue() && (k == ValueKind.DOUBLE || k == ValueKind.LONG)
                        && e.doubleValue() != 0) {
                    moving = true;
                }
            }
            if (written) {
                s.lastWriteNs = nowNs;
                if (s.stale) {
                    s.stale = false;
                    for (MotorController m : s.motors) {
                        if (!linkHeld(m)) {
                            m.hold(false);
                        }
                    }
                }
            } else if (!s.stale && moving && nowNs - s.lastWriteNs > commandTimeoutNs) {
                s.stale = true;
                staleCommands++;
                LOG.warn("node {}: command source {} not refreshed for {} ms (command_timeout_ms {}); its motors are held at stop",
                        node, s.name, (nowNs - s.lastWriteNs) / 1_000_000, commandTimeoutNs / 1_000_000);
                for (MotorController m : s.motors) {
                    m.hold(true);
                }
            }
        }
    }

    /**
     * Tick thread, from the event bus: {@code device.lost} (a vanished port, or a silence above) holds the link's
     * motors at stop; {@code device.back} releases them only when the node has no state machine; otherwise they
     * stay held until the mission raises {@code motors.release}, so the robot moves again by decision, not because
     * a cable came back.
     */
    public void onEvent(String name, Object data) {
        switch (name) {
            case SerialLink.EVENT_DEVICE_LOST -> {
                Watched w = watched(data);
                if (w != null) {
                    w.lost = true;
                    if (w.link.motors != null) {
                        w.link.motors.hold(true);
                    }
                }
            }
            case SerialLink.EVENT_DEVICE_BACK -> {
                Watched w = watched(data);
                if (w != null && !missionReleases) {
                    release(w);
                } else if (w != null) {
                    LOG.info("node {}: link {} is back; its motors stay at stop until the mission raises {}", node,
                            w.link.plan.name(), EVENT_RELEASE);
                }
            }
            case EVENT_RELEASE -> {
                for (Watched w : links) {
                    if (w.lost && !w.silent && w.link.link.isConnected()) {
                        release(w);
                    }
                }
            }
            default -> { }
        }
    }

    private void release(Watched w) {
        w.lost = false;
        if (w.link.motors != null && !w.silent) {
            w.link.motors.hold(false);
        }
    }

    private Watched watched(Object linkName) {
        for (Watched w : links) {
            if (w.link.plan.name().equals(linkName)) {
                return w;
            }
        }
        return null;
    }

    private boolean linkHeld(MotorController m) {
        for (Watched w : links) {
            if (w.link.motors == m) {
                return w.silent || w.lost;
            }
        }
        return false;
    }

    /** Any thread: stalls reported by the watchdog. */
    long stalls() {
        return stalls.get();
    }

    /** Tick thread figures (racy reads are fine for status). */
    long silences() {
        return silences;
    }

    long staleCommands() {
        return staleCommands;
    }

    /** Any thread (racy read, for a deploy's check): whether a link is silent or lost now, its motors held. */
    boolean engaged() {
        for (Watched w : links) {
            if (w.silent || w.lost) {
                return true;
            }
        }
        return false;
    }

    /** Whether a link is silent now (status). */
    boolean silent(String link) {
        for (Watched w : links) {
            if (w.link.plan.name().equals(link)) {
                return w.silent;
            }
        }
        return false;
    }
}
