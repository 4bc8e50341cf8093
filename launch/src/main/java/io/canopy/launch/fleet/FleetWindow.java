package io.canopy.launch.fleet;

import io.canopy.launch.run.NodeView;
import io.canopy.tick.TimerStats;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The measurement window of {@code canopy fleet}: the figures of every started robot, the process's CPU time and the
 * broker's message count at {@link #open}, and the differences at {@link Result close}. Each robot's statistics are
 * read once at each end (a read copies its timers' histograms, which takes a while for hundreds of robots on a busy
 * host, so each robot's own window is kept too).
 */
public final class FleetWindow {
    private final List<FleetRobots.Robot> robots;
    private final List<Histogram[]> before = new ArrayList<>();
    private final List<long[]> ticksBefore = new ArrayList<>();
    private final long[] stallsBefore;
    private final long[] openedAt;
    private final AtomicLong messages;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final long cpu0;
    private final long msg0;
    private final long t0;

    /** One robot's figures over its window. */
    public record RobotFigures(String name, long ticks, double p99LatenessUs, double maxLatenessUs, long stalls,
            boolean connected, double windowS) {}

    /** The window's figures: the process's and each started robot's. */
    public record Result(long wallNs, double cpuPercent, double msgsPerS, List<RobotFigures> robots) {}

    private FleetWindow(List<FleetRobots.Robot> robots, AtomicLong messages) {
        this.robots = robots;
        this.messages = messages;
        stallsBefore = new long[robots.size()];
        openedAt = new long[robots.size()];
        cpu0 = os.getProcessCpuTime();
        msg0 = messages.get();
        t0 = System.nanoTime();
        for (int i = 0; i < robots.size(); i++) {
            NodeView v = robots.get(i).view();
            openedAt[i] = System.nanoTime();
            List<TimerStats> stats = v.timerStats();
            before.add(stats.stream().map(TimerStats::latenessHistogram).toArray(Histogram[]::new));
            ticksBefore.add(stats.stream().mapToLong(TimerStats::ticks).toArray());
            stallsBefore[i] = v.failsafeStalls();
        }
    }

    /** Opens the window on the robots of {@code fleet} that started. */
    public static FleetWindow open(FleetRobots fleet, AtomicLong messages) {
        return new FleetWindow(fleet.started(), messages);
    }

    /** Closes the window: the figures since {@link #open}. */
    public Result close() {
        long wallNs = System.nanoTime() - t0;
        double cpuPercent = 100.0 * (os.getProcessCpuTime() - cpu0) / wallNs;
        double msgsPerS = (messages.get() - msg0) * 1e9 / wallNs;
        List<RobotFigures> figures = new ArrayList<>();
        for (int i = 0; i < robots.size(); i++) {
            NodeView v = robots.get(i).view();
            List<TimerStats> stats = v.timerStats();
            long windowNs = System.nanoTime() - openedAt[i];
            Histogram all = new Histogram(3);
            long ticks = 0;
            for (int k = 0; k < stats.size(); k++) {
                Histogram h = stats.get(k).latenessHistogram();
                h.subtract(before.get(i)[k]);
                all.add(h);
                ticks += stats.get(k).ticks() - ticksBefore.get(i)[k];
            }
            figures.add(new RobotFigures(robots.get(i).name(), ticks, all.getValueAtPercentile(99) / 1e3, all.getMaxValue() / 1e3,
                    v.failsafeStalls() - stallsBefore[i], v.mqttConnected(), windowNs / 1e9));
        }
        return new Result(wallNs, cpuPercent, msgsPerS, figures);
    }
}
