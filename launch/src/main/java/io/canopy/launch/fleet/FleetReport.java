package io.canopy.launch.fleet;

import com.google.gson.GsonBuilder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code canopy fleet} prints: per robot its ticks and lateness over the window; for the process CPU, RSS,
 * threads and the broker's messages/s; and which robots were not there: not started within the start-up window
 * (or failed to start), whose figures were not read within the budget at an end of the window (a host past its
 * knee), not connected to the broker at the end of the window, or not ticking in the window. The lateness of the
 * median and worst robot is over the ticking robots.
 */
public final class FleetReport {
    private final int asked;
    private final String url;
    private final boolean sharedTicker;
    private final String warmup;
    private final FleetRobots fleet;
    private final FleetWindow.Result result;
    private final int tickThreads;
    private final int threads;
    private final long rssKb;
    private final long startNs;
    private final boolean settled;
    private final long settleNs;
    private final String stoppedBy;

    public FleetReport(int asked, String url, boolean sharedTicker, String warmup, FleetRobots fleet, FleetWindow.Result result,
            int tickThreads, int threads, long rssKb, long startNs, boolean settled, long settleNs, String stoppedBy) {
        this.asked = asked;
        this.url = url;
        this.sharedTicker = sharedTicker;
        this.warmup = warmup;
        this.fleet = fleet;
        this.result = result;
        this.tickThreads = tickThreads;
        this.threads = threads;
        this.rssKb = rssKb;
        this.startNs = startNs;
        this.settled = settled;
        this.settleNs = settleNs;
        this.stoppedBy = stoppedBy;
    }

    /** Robots asked for that did not start (the start-up window closed first) and did not fail. */
    public List<String> notStarted() {
        return fleet.robots().stream().filter(r -> !r.started() && r.error() == null).map(FleetRobots.Robot::name).toList();
    }

    /** Robots whose build failed, with the one-line reason. */
    public Map<String, String> failed() {
        Map<String, String> m = new LinkedHashMap<>();
        fleet.robots().stream().filter(r -> r.error() != null).forEach(r -> m.put(r.name(), r.error()));
        return m;
    }

    /** Started robots left out of the window: their figures were not read within the budget at one of its ends. */
    public List<String> notRead() {
        return result.notRead();
    }

    public List<String> notConnected() {
        return result.robots().stream().filter(r -> !r.connected()).map(FleetWindow.RobotFigures::name).toList();
    }

    public List<String> notTicking() {
        return result.robots().stream().filter(r -> r.ticks() == 0).map(FleetWindow.RobotFigures::name).toList();
    }

    private List<FleetWindow.RobotFigures> ticking() {
        return result.robots().stream().filter(r -> r.ticks() > 0).toList();
    }

    private double medianP99() {
        List<FleetWindow.RobotFigures> t = ticking();
        return t.stream().mapToDouble(FleetWindow.RobotFigures::p99LatenessUs).sorted().skip(t.size() / 2).findFirst().orElse(0);
    }

    private double worstP99() {
        return ticking().stream().mapToDouble(FleetWindow.RobotFigures::p99LatenessUs).max().orElse(0);
    }

    private long stalls() {
        return result.robots().stream().mapToLong(FleetWindow.RobotFigures::stalls).sum();
    }

    public void printText(PrintWriter out) {
        out.println(String.format(Locale.ROOT, "%d robots on %s, %s, measured %.1f s after a %s warm-up%s", asked, url,
                sharedTicker ? "one shared tick thread" : "one tick thread per robot", result.wallNs() / 1e9, warmup,
                stoppedBy == null ? "" : " (cut short by " + stoppedBy + ")"));
        out.println("robot                      ticks   lateness p99 us   max us  stalls");
        for (FleetWindow.RobotFigures f : result.robots()) {
            out.println(String.format(Locale.ROOT, "%-24s %8d %17.1f %8.1f %7d%s", f.name(), f.ticks(), f.p99LatenessUs(),
                    f.maxLatenessUs(), f.stalls(), f.connected() ? "" : "  (not connected)"));
        }
        out.println(String.format(Locale.ROOT, "robots: %d asked, %d started in %.1f s, %d connected, %d ticking%s%s",
                asked, fleet.started().size(), startNs / 1e9, result.robots().size() - notConnected().size(), ticking().size(),
                notRead().isEmpty() ? "" : " (of the " + result.robots().size() + " read)",
                settled ? "" : String.format(Locale.ROOT, " (not all connected and ticking after the %.1f s settle)", settleNs / 1e9)));
        printNames(out, "not started (start-up window closed)", notStarted());
        failed().forEach((name, why) -> out.println("  failed to start: " + name + ": " + why));
        printNames(out, "not read (figures not read in time at an end of the window; raise --read-timeout)", notRead());
        printNames(out, "not connected", notConnected());
        printNames(out, "not ticking", notTicking());
        out.println(String.format(Locale.ROOT, "p99 lateness: median robot %.1f us, worst robot %.1f us; CPU %.0f %% of one core;"
                + " RSS %.0f MB; %d threads (%d tick); MQTT %.0f messages/s through the broker; %d watchdog stall(s)",
                medianP99(), worstP99(), result.cpuPercent(), rssKb / 1024.0, threads, tickThreads, result.msgsPerS(), stalls()));
    }

    private static void printNames(PrintWriter out, String what, List<String> names) {
        if (!names.isEmpty()) {
            out.println("  " + what + " (" + names.size() + "): " + String.join(", ", names));
        }
    }

    /** The figures as one JSON object. */
    public String json() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("robots", asked);
        o.put("broker", url);
        o.put("duration_s", result.wallNs() / 1e9);
        o.put("cpu_percent", result.cpuPercent());
        o.put("rss_mb", rssKb / 1024.0);
        o.put("threads", threads);
        o.put("tick_threads", tickThreads);
        o.put("shared_ticker", sharedTicker);
        o.put("mqtt_messages_per_s", result.msgsPerS());
        o.put("p99_lateness_us_median_robot", medianP99());
        o.put("p99_lateness_us_worst_robot", worstP99());
        o.put("start_s", startNs / 1e9);
        o.put("settled", settled);
        o.put("settle_s", settleNs / 1e9);
        o.put("started", fleet.started().size());
        o.put("not_read", notRead());
        o.put("connected", result.robots().size() - notConnected().size());
        o.put("ticking", ticking().size());
        o.put("watchdog_stalls", stalls());
        o.put("not_started", notStarted());
        List<Map<String, String>> failed = new ArrayList<>();
        failed().forEach((name, why) -> failed.add(Map.of("name", name, "error", why)));
        o.put("failed", failed);
        o.put("not_connected", notConnected());
        o.put("not_ticking", notTicking());
        o.put("stopped_by", stoppedBy);
        List<Map<String, Object>> per = new ArrayList<>();
        for (FleetWindow.RobotFigures f : result.robots()) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("name", f.name());
            r.put("ticks", f.ticks());
            r.put("p99_lateness_us", f.p99LatenessUs());
            r.put("max_lateness_us", f.maxLatenessUs());
            r.put("watchdog_stalls", f.stalls());
            r.put("connected", f.connected());
            r.put("window_s", f.windowS());
            per.add(r);
        }
        o.put("per_robot", per);
        return new GsonBuilder().disableHtmlEscaping().serializeNulls().create().toJson(o);
    }
}
