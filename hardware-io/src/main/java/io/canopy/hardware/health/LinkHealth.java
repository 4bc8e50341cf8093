package io.canopy.hardware.health;

import io.canopy.tick.NanoClock;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One device link's up/down state, and the one place that words its change. Every device role (a serial
 * wire-format device, a MAVLink vehicle, a Dynamixel bus and each servo on it, a UDP link, a remote worker) owns one
 * and calls {@link #lost} / {@link #back} from whichever thread notices; only a change is told, once:
 * <pre>
 * WARN  link 'fc' (mavlink): lost — no HEARTBEAT for 2.5 s; failsafe: hold (BRAKE)
 * INFO  link 'fc' (mavlink): back after 3.1 s
 * </pre>
 * and the same change goes to the {@link Listener} (the node publishes it on MQTT). The time is the role's clock (the
 * node's monotonic clock), so a wall-clock step changes no "after" figure. Only changes allocate (the line).
 */
public final class LinkHealth {
    private static final Logger LOG = LoggerFactory.getLogger(LinkHealth.class);

    /** A change of a link's state, as logged. */
    public record Change(String link, String kind, boolean lost, String reason, String failsafe, long downNs, String line) {}

    /** Where a change goes besides the log; called on the thread that noticed it, must not block. */
    @FunctionalInterface
    public interface Listener {
        void onChange(Change change);
    }

    private final String link;
    private final String kind;
    private final String failsafe;
    private final NanoClock clock;
    private volatile Listener listener;
    private boolean lost;
    private long lostAtNs;
    private long lostCount;

    /**
     * @param link     the link's name as the launch file gives it
     * @param kind     the role, in a word or two ({@code serial}, {@code mavlink}, {@code dynamixel servo}, ...)
     * @param failsafe what the node does while the link is lost ({@code hold (BRAKE)}, {@code torque off}, ...)
     */
    public LinkHealth(String link, String kind, String failsafe, NanoClock clock) {
        this.link = link;
        this.kind = kind;
        this.failsafe = failsafe;
        this.clock = clock;
    }

    /** At load: where changes go besides the log (replaces the previous one; null for none). */
    public void listener(Listener l) {
        this.listener = l;
    }

    /** The link is lost because of {@code reason} (as of the clock now); true when this is a change. */
    public boolean lost(String reason) {
        return lost(clock.nanoTime(), reason);
    }

    /** The link is lost since {@code nowNs} because of {@code reason}; true when this is a change (then told). */
    public boolean lost(long nowNs, String reason) {
        Change c;
        synchronized (this) {
            if (lost) {
                return false;
            }
            lost = true;
            lostAtNs = nowNs;
            lostCount++;
            c = new Change(link, kind, true, reason, failsafe, 0, lostLine(link, kind, reason, failsafe));
        }
        LOG.warn(c.line());
        tell(c);
        return true;
    }

    /** The link is up again (as of the clock now); true when it was lost (then told). */
    public boolean back() {
        return back(clock.nanoTime());
    }

    /** The link is up again at {@code nowNs}; true when it was lost (then told). */
    public boolean back(long nowNs) {
        Change c;
        synchronized (this) {
            if (!lost) {
                return false;
            }
            lost = false;
            long down = Math.max(0, nowNs - lostAtNs);
            c = new Change(link, kind, false, "", failsafe, down, backLine(link, kind, down));
        }
        LOG.info(c.line());
        tell(c);
        return true;
    }

    /** Whether the link is lost now. */
    public synchronized boolean isLost() {
        return lost;
    }

    /** Times the link was lost. */
    public synchronized long lostCount() {
        return lostCount;
    }

    public String link() {
        return link;
    }

    public String kind() {
        return kind;
    }

    private void tell(Change c) {
        Listener l = listener;
        if (l == null) {
            return;
        }
        try {
            l.onChange(c);
        } catch (RuntimeException e) {
            LOG.error("link '{}' ({}): the link-change listener failed", link, kind, e);
        }
    }

    /** {@code link 'fc' (mavlink): lost — no HEARTBEAT for 2.5 s; failsafe: hold (BRAKE)}. */
    public static String lostLine(String link, String kind, String reason, String failsafe) {
        return "link '" + link + "' (" + kind + "): lost \u2014 " + reason + "; failsafe: " + failsafe;
    }

    /** {@code link 'fc' (mavlink): back after 3.1 s}. */
    public static String backLine(String link, String kind, long downNs) {
        return "link '" + link + "' (" + kind + "): back after " + seconds(downNs);
    }

    /** A duration as the lines word it: {@code 2.5 s}. */
    public static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.1f s", ns / 1e9);
    }
}
