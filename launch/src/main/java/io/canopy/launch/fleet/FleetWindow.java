package io.canopy.launch.fleet;

import com.sun.management.OperatingSystemMXBean;
import io.canopy.launch.run.NodeView;
import io.canopy.tick.stats.TimerStats;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;

/**
 * The measurement window of {@code canopy fleet}: the figures of every started robot, the process's CPU time and the
 * broker's message count at {@link #open}, and the differences at {@link Result close}. Each robot's statistics are
 * read once at each end. A read copies its timers' histograms: past the knee, with hundreds of runnable threads, one
 * reader thread got so little of the CPU that reading 100 robots took 47 s, so {@value #READERS} threads read them
 * (each robot's own window, from its first read to its second, is reported too). Each end's reads have a budget: a
 * robot not read within it is left out of the window and named ({@link Result#notRead}), so the report always comes.
 */
public final class FleetWindow {
    /** Threads reading the robots' statistics at each end of the window. */
    static final int READERS = 16;
    private final List<FleetRobots.Robot> robots;
    private final long readBudgetNs;
    private final List<String> notRead = new ArrayList<>();
    private final List<Histogram[]> before = new ArrayList<>();
    private final List<long[]> ticksBefore = new ArrayList<>();
    private final long[] stallsBefore;
    private final long[] openedAt;
    private final AtomicLong messages;
    private final OperatingSystemMXBean os =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final long cpu0;
    private final long msg0;
    private final long t0;

    /** One robot's figures over its window. */
    public record RobotFigures(String name, long ticks, double p99LatenessUs, double maxLatenessUs, long stalls,
            boolean connected, double windowS) {}

    /**
     * The window's figures: the process's, each started robot's that was read at both ends, and the names of the
     * started robots whose figures were not read within the budget at either end.
     */
    public record Result(long wallNs, double cpuPercent, double msgsPerS, List<RobotFigures> robots, List<String> notRead) {}

    private FleetWindow(List<FleetRobots.Robot> robots, AtomicLong messages, long readBudgetNs) {
        this.robots = robots;
        this.readBudgetNs = readBudgetNs;
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
        List<Boolean> read = readAll(robots.size(), i -> {
            NodeView v = robots.get(i).view();
            List<TimerStats> stats = v.timerStats();
            Histogram[] histograms = stats.stream().map(TimerStats::latenessHistogram).toArray(Histogram[]::new);
            long[] ticks = stats.stream().mapToLong(TimerStats::ticks).toArray();
            long stalls = v.failsafeStalls();
            synchronized (before) { // published to close()'s readers only if read in time
                openedAt[i] = System.nanoTime();
                before.set(i, histograms);
                ticksBefore.set(i, ticks);
                stallsBefore[i] = stalls;
            }
            return Boolean.TRUE;
        }, System.nanoTime() + readBudgetNs);
        for (int i = 0; i < robots.size(); i++) {
            if (read.get(i) == null) {
                notRead.add(robots.get(i).name());
            }
        }
    }

    /**
     * Runs {@code read} for every index below {@code n} on {@link #READERS} threads; returns the results in order,
     * null for each read that had not ended by {@code deadlineNanoTime} (it is interrupted and its result dropped).
     * A read that throws ends the command with its exception, as before the budget.
     */
    static <T> List<T> readAll(int n, IntFunction<T> read, long deadlineNanoTime) {
        List<Future<T>> futures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(
                Math.max(1, Math.min(READERS, n)), r -> {
                    Thread t = new Thread(r, "fleet-read");
                    t.setDaemon(true);
                    return t;
                });
        try {
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> read.apply(index)));
            }
            List<T> out = new ArrayList<>();
            for (var f : futures) {
                try {
                    out.add(f.get(Math.max(0, deadlineNanoTime - System.nanoTime()), TimeUnit.NANOSECONDS));
                } catch (TimeoutException late) {
                    f.cancel(true);
                    out.add(null);
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the robots' figures", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Opens the window on the robots of {@code fleet} that started; the reads at each end of the window end within
     * {@code readBudgetNs}.
     */
    public static FleetWindow open(FleetRobots fleet, AtomicLong messages, long readBudgetNs) {
        return new FleetWindow(fleet.started(), messages, readBudgetNs);
    }

    /** Closes the window: the figures since {@link #open}. */
    public Result close() {
        long wallNs = System.nanoTime() - t0;
        double cpuPercent = 100.0 * (os.getProcessCpuTime() - cpu0) / wallNs;
        double msgsPerS = (messages.get() - msg0) * 1e9 / wallNs;
        List<RobotFigures> figures = readAll(robots.size(), i -> {
            Histogram[] opened;
            long[] ticksOpened;
            long stallsOpened;
            long openedNs;
            synchronized (before) {
                opened = before.get(i);
                ticksOpened = ticksBefore.get(i);
                stallsOpened = stallsBefore[i];
                openedNs = openedAt[i];
            }
            if (opened == null || notRead.contains(robots.get(i).name())) {
                return null; // not read in time when the window opened
            }
            NodeView v = robots.get(i).view();
            List<TimerStats> stats = v.timerStats();
            long windowNs = System.nanoTime() - openedNs;
            Histogram all = new Histogram(3);
            long ticks = 0;
            for (int k = 0; k < stats.size(); k++) {
                Histogram h = stats.get(k).latenessHistogram();
                h.subtract(opened[k]);
                all.add(h);
                ticks += stats.get(k).ticks() - ticksOpened[k];
            }
            return new RobotFigures(robots.get(i).name(), ticks, all.getValueAtPercentile(99) / 1e3, all.getMaxValue() / 1e3,
                    v.failsafeStalls() - stallsOpened, v.mqttConnected(), windowNs / 1e9);
        }, System.nanoTime() + readBudgetNs);
        List<RobotFigures> read = new ArrayList<>();
        List<String> missed = new ArrayList<>(notRead);
        for (int i = 0; i < robots.size(); i++) {
            if (figures.get(i) != null) {
                read.add(figures.get(i));
            } else if (!missed.contains(robots.get(i).name())) {
                missed.add(robots.get(i).name());
            }
        }
        return new Result(wallNs, cpuPercent, msgsPerS, read, missed);
    }
}
