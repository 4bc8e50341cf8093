package io.canopy.launch.cli.bench;

import com.sun.management.ThreadMXBean;
import io.canopy.InputException;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.TickListener;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.realtime.RealtimeKnobs;
import io.canopy.tick.realtime.RealtimeOptions;
import io.canopy.tick.stats.TimerStats;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code canopy bench ticker}: runs one named timer on a real tick thread for a while and prints its
 * lateness percentiles, the ticks expected (from the absolute deadlines) and done, the missed deadlines, and
 * the bytes the tick thread allocated per tick. A short warm-up run (JIT) comes first and is not counted.
 * Exit 1 when the ticks done plus the deadlines missed differ from the deadlines that passed (drift).
 */
@Command(
        name = "ticker",
        mixinStandardHelpOptions = true,
        description = {
            "Measure ticker lateness: one timer at --hz on a real tick thread for --seconds.",
            "Prints lateness p50/p99/p99.9/max in microseconds, ticks expected and done, missed deadlines and"
                    + " tick-thread bytes allocated per tick; --json adds one JSON object on the last line.",
            "Compare with the C floor: launch/src/bench/c/run-floor.sh (same percentiles, same machine)."
        })
final class BenchTickerCommand implements Callable<Integer> {
    @Option(names = "--hz", defaultValue = "1000", description = "Tick rate, 1 to 1000000 (default ${DEFAULT-VALUE}).")
    long hz;

    @Option(names = "--seconds", defaultValue = "10", description = "Measured duration, 1 to 3600 (default ${DEFAULT-VALUE}).")
    int seconds;

    private static final long WARMUP_HZ = 20_000;

    @Option(names = "--warmup-ticks", defaultValue = "40000",
            description = "Ticks of an uncounted warm-up run first (at 20 kHz or --hz if higher) so that the JIT has"
                    + " compiled the tick path, 0 to 10000000 (default ${DEFAULT-VALUE}).")
    long warmupTicks;

    @Option(names = "--load", description = "Run a busy loop on every core meanwhile.")
    boolean load;

    @Option(names = "--json", description = "Also print one JSON object on the last line.")
    boolean json;

    @Option(names = "--idle", defaultValue = "park-then-spin",
            description = "How the tick thread waits: park, park-then-spin or spin (default ${DEFAULT-VALUE}).")
    String idle;

    @Option(names = "--spin-us", defaultValue = "100", description = "Spin threshold for park-then-spin, in us (default ${DEFAULT-VALUE}).")
    long spinUs;

    @Option(names = "--timer-slack-ns", defaultValue = "-1", description = "Set the tick thread's timer slack (1 = least; default: leave it).")
    long timerSlackNs;

    @Option(names = "--fifo", defaultValue = "0", description = "SCHED_FIFO priority 1-99 for the tick thread (default: off).")
    int fifo;

    @Option(names = "--cpu", defaultValue = "-1", description = "Pin the tick thread to this CPU (default: any).")
    int cpu;

    @Override
    public Integer call() {
        validate();
        PrintStream out = System.out;
        IdleMode mode = idleMode();
        RealtimeOptions rt = RealtimeOptions.NONE.fifoPriority(fifo).timerSlackNs(timerSlackNs).cpu(cpu);
        List<Thread> burners = load ? startLoad() : List.of();
        try {
            if (warmupTicks > 0) {
                // enough ticks that the JIT compiles the tick path fully (C2) before the measured run: a
                // method compiled, or a call site first linked, during the run costs a few hundred bytes once
                long warmHz = Math.max(hz, WARMUP_HZ);
                run(mode, rt, warmHz, (int) Math.max(1, (warmupTicks + warmHz - 1) / warmHz), warmupTicks);
            }
            Result r = run(mode, rt, hz, seconds, 0);
            print(out, mode, r);
            if (json) {
                out.println(r.json(hz, seconds, load, mode));
            }
            out.flush();
            return r.finished && r.ticksDone + r.missed == r.ticksExpected ? CanopyMain.EXIT_OK : CanopyMain.EXIT_FAILED;
        } finally {
            stopLoad(burners);
        }
    }

    private void validate() {
        if (hz < 1 || hz > 1_000_000) {
            throw new InputException("canopy bench ticker: --hz " + hz + " is out of range; give 1 to 1000000");
        }
        if (seconds < 1 || seconds > 3600) {
            throw new InputException("canopy bench ticker: --seconds " + seconds + " is out of range; give 1 to 3600");
        }
        if (warmupTicks < 0 || warmupTicks > 10_000_000) {
            throw new InputException("canopy bench ticker: --warmup-ticks " + warmupTicks
                    + " is out of range; give 0 to 10000000");
        }
        if (spinUs < 0 || spinUs > 1_000_000) {
            throw new InputException("canopy bench ticker: --spin-us " + spinUs + " is out of range; give 0 to 1000000");
        }
        if (fifo < 0 || fifo > 99) {
            throw new InputException("canopy bench ticker: --fifo " + fifo + " is out of range; give 1 to 99 (0: off)");
        }
        if (timerSlackNs == 0) {
            throw new InputException("canopy bench ticker: --timer-slack-ns 0 means 'process default' to Linux; give 1 or more");
        }
        idleMode();
    }

    private IdleMode idleMode() {
        return switch (idle.toLowerCase(Locale.ROOT)) {
            case "park" -> IdleMode.PARK;
            case "park-then-spin" -> IdleMode.PARK_THEN_SPIN;
            case "spin" -> IdleMode.SPIN;
            default -> throw new InputException("canopy bench ticker: --idle \"" + idle
                    + "\" is not a mode; give park, park-then-spin or spin");
        };
    }

    /**
     * The measured timer's listener: counts, and in the tick of the last deadline stops the ticker, so the
     * run covers exactly {@code lastDeadline} deadlines. Its only branch is taken once, at the very end.
     */
    private static final class StopAtDeadline implements TickListener {
        final Ticker ticker;
        final long lastDeadline;
        final long minTicks;
        TickTimer timer;
        volatile boolean finished;

        StopAtDeadline(Ticker ticker, long lastDeadline, long minTicks) {
            this.ticker = ticker;
            this.lastDeadline = lastDeadline;
            this.minTicks = minTicks;
        }

        @Override
        public void onTick(long nowNs) {
            long ticks = timer.ticks() + 1;
            if (ticks + timer.missed() >= lastDeadline && ticks >= minTicks) {
                finished = true;
                ticker.stop(0); // from the tick thread: ends the loop after this tick
            }
        }
    }

    /** Warm-up only: overruns every 499th tick so the JIT also compiles the skip-and-count path. */
    private static final class OverrunNowAndThen implements TickListener {
        final long overrunNs;
        long ticks;

        OverrunNowAndThen(long overrunNs) {
            this.overrunNs = overrunNs;
        }

        @Override
        public void onTick(long nowNs) {
            if (++ticks % 499 == 0) {
                while (System.nanoTime() - nowNs < overrunNs) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    /**
     * One run: a ticker with one timer, stopped in the tick of deadline hz * runSeconds. The tick thread's
     * allocation and CPU counters are read from this thread, from a tenth of the run to just before its end
     * (so nothing of the start or the stop is counted).
     */
    private Result run(IdleMode mode, RealtimeOptions rt, long hz, int runSeconds, long warmUpTicks) {
        boolean warmUp = warmUpTicks > 0;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(true);
        long periodNs = TickRate.hz(hz).periodNs();
        // the warm-up's period may be shorter than the spin threshold: halve it there so that both the park
        // and the spin branches of the idle loop get compiled
        long spinNs = warmUp ? Math.min(spinUs * 1_000, periodNs / 2) : spinUs * 1_000;
        Ticker ticker = new Ticker("bench-ticker", SystemNanoClock.INSTANCE)
                .idleMode(mode)
                .spinThresholdNs(spinNs)
                .realtime(rt);
        long expected = hz * runSeconds;
        StopAtDeadline stopper = new StopAtDeadline(ticker, expected, warmUpTicks);
        TickTimer timer = ticker.addTimer("bench", TickRate.hz(hz));
        if (warmUp) {
            timer.addListener(new OverrunNowAndThen(3 * periodNs));
        }
        timer.addListener(stopper);
        stopper.timer = timer;
        ticker.start();
        long origin = timer.originNs();
        long tid = ticker.tickThreadId();
        long runNs = runSeconds * 1_000_000_000L;
        waitUntil(origin + runNs / 10);
        long cpuA = threads.getThreadCpuTime(tid);
        long bytesA = threads.getThreadAllocatedBytes(tid);
        long ticksA = timer.ticks();
        long nsA = System.nanoTime();
        waitUntil(origin + runNs - Math.max(runNs / 20, 2 * periodNs));
        long bytesB = threads.getThreadAllocatedBytes(tid);
        long cpuB = threads.getThreadCpuTime(tid);
        long ticksB = timer.ticks();
        long nsB = System.nanoTime();
        long giveUpNs = origin + runNs + (warmUp ? 60_000_000_000L : 10_000_000_000L);
        while (ticker.isRunning() && System.nanoTime() - giveUpNs < 0) {
            LockSupport.parkNanos(2_000_000L);
        }
        ticker.stop();
        TimerStats stats = timer.stats();
        Result r = new Result();
        r.stats = stats;
        r.ticksExpected = expected;
        r.ticksDone = stats.ticks();
        // a last tick that skipped deadlines beyond the end counts only the ones up to the end
        r.missed = Math.min(stats.missed(), Math.max(0, expected - stats.ticks()));
        r.finished = stopper.finished;
        r.allocBytes = bytesB - bytesA;
        r.allocTicks = ticksB - ticksA;
        r.allocBytesPerTick = (double) r.allocBytes / Math.max(1, r.allocTicks);
        r.cpuPercent = 100.0 * (cpuB - cpuA) / Math.max(1, nsB - nsA);
        r.realtime = ticker.realtimeReport() == null ? "" : ticker.realtimeReport().toString();
        return r;
    }

    private static void waitUntil(long deadlineNs) {
        long remaining;
        while ((remaining = deadlineNs - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(remaining, 50_000_000L));
        }
    }

    private void print(PrintStream out, IdleMode mode, Result r) {
        TimerStats s = r.stats;
        out.printf(Locale.ROOT, "canopy bench ticker: %d Hz for %d s, idle %s%s, load %s, timer slack %s, fifo %s%n", hz,
                seconds, mode.name().toLowerCase(Locale.ROOT).replace('_', '-'),
                mode == IdleMode.PARK_THEN_SPIN ? " (spin " + spinUs + " us)" : "",
                load ? "busy loop on " + Runtime.getRuntime().availableProcessors() + " cores" : "none",
                timerSlackNs > 0 ? timerSlackNs + " ns" : "default (" + RealtimeKnobs.currentTimerSlackNs() + " ns here)",
                fifo > 0 ? Integer.toString(fifo) : "off");
        if (!r.realtime.isEmpty() && !r.realtime.equals("no real-time options")) {
            out.println("real-time: " + r.realtime);
        }
        out.printf(Locale.ROOT, "lateness us: p50 %s  p99 %s  p99.9 %s  max %s%n", us(s.latenessNsAt(50)),
                us(s.latenessNsAt(99)), us(s.latenessNsAt(99.9)), us(s.maxLatenessNs()));
        out.printf(Locale.ROOT, "ticks expected %d, done %d, missed %d (overruns %d)%s%n", r.ticksExpected, r.ticksDone,
                r.missed, s.overruns(), r.ticksDone + r.missed == r.ticksExpected ? "" : "  DRIFT");
        out.printf(Locale.ROOT, "tick-thread allocation: %.2f bytes per tick (%d bytes over %d ticks); tick-thread CPU %.1f %%%n",
                r.allocBytesPerTick, r.allocBytes, r.allocTicks, r.cpuPercent);
    }

    private static String us(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1000.0);
    }

    private static List<Thread> startLoad() {
        List<Thread> burners = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < cores; i++) {
            Thread t = new Thread(BenchTickerCommand::burn, "bench-load-" + i);
            t.setDaemon(true);
            burners.add(t);
            t.start();
        }
        return burners;
    }

    private static volatile boolean burning = true;
    private static volatile double sink;

    private static void burn() {
        double x = 1;
        while (burning) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 1.0000001 + 1e-9;
            }
            sink = x;
        }
    }

    private static void stopLoad(List<Thread> burners) {
        if (burners.isEmpty()) {
            return;
        }
        burning = false;
        for (Thread t : burners) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        burning = true;
    }

    private static final class Result {
        TimerStats stats;
        long ticksExpected;
        long ticksDone;
        long missed;
        double allocBytesPerTick;
        long allocBytes;
        long allocTicks;
        double cpuPercent;
        String realtime;
        boolean finished;

        String json(long hz, int seconds, boolean load, IdleMode mode) {
            return String.format(Locale.ROOT,
                    "{\"hz\":%d,\"seconds\":%d,\"load\":%b,\"idle\":\"%s\",\"ticks_expected\":%d,\"ticks_done\":%d,"
                            + "\"missed\":%d,\"overruns\":%d,\"lateness_us\":{\"p50\":%.1f,\"p99\":%.1f,\"p999\":%.1f,"
                            + "\"max\":%.1f},\"alloc_bytes_per_tick\":%.2f,\"cpu_percent\":%.1f}",
                    hz, seconds, load, mode.name().toLowerCase(Locale.ROOT).replace('_', '-'), ticksExpected, ticksDone,
                    missed, stats.overruns(), stats.latenessNsAt(50) / 1000.0, stats.latenessNsAt(99) / 1000.0,
                    stats.latenessNsAt(99.9) / 1000.0, stats.maxLatenessNs() / 1000.0, allocBytesPerTick, cpuPercent);
        }
    }
}
