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
 * read once at each end. A read copies its timers' histograms: past the knee, with hundreds of runnable threads, one
 * reader thread got so little of the CPU that reading 100 robots took 47 s, so {@value #READERS} threads read them
 * (each robot's own window, from its first read to its second, is reported too).
 */
public final class FleetWindow {
    /** Threads reading the robots' statistics at each end of the window. */
    static final int READERS = 16;
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
        for (int i = 0; i < robots.size(); i++) {
            before.add(null);
            ticksBefore.add(null);
        }
        cpu0 = os.getProcessCpuTime();
        msg0 = messages.get();
        t0 = System.nanoTime();
        forEachRobot(i -> {
            NodeView v = robots.get(i).view();
            openedAt[i] = System.nanoTime();
            List<TimerStats> stats = v.timerStats();
            before.set(i, stats.stream().map(TimerStats::latenessHistogram).toArray(Histogram[]::new));
            ticksBefore.set(i, stats.stream().mapToLong(TimerStats::ticks).toArray());
            stallsBefore[i] = v.failsafeStalls();
            return null;
        });
    }

    /** Runs {@code read} for every robot index on {@link #READERS} threads; returns the results in order. */
    private <T> List<T> forEachRobot(java.util.function.IntFunction<T> read) {
        List<java.util.concurrent.Future<T>> futures = new ArrayList<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Math.min(READERS, robots.size())), r -> {
                    Thread t = new Thread(r, "fleet-read");
                    t.setDaemon(true);
                    return t;
                });
        try {
            for (int i = 0; i < robots.size(); i++) {
                int index = i;
                futures.add(pool.submit(() -> read.apply(index)));
            }
            List<T> out = new ArrayList<>();
            for (var f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the robots' figures", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
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
        List<RobotFigures> figures = forEachRobot(i -> {
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
            return new RobotFigures(robots.get(i).name(), ticks, all.getValueAtPercentile(99) / 1e3, all.getMaxValue() / 1e3,
                    v.failsafeStalls() - stallsBefore[i], v.mqttConnected(), windowNs / 1e9);
        });
        return new Result(wallNs, cpuPercent, msgsPerS, figures);
    }
}
