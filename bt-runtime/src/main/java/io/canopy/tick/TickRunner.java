package io.canopy.tick;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tick thread, in the Agrona sense of an agent runner: owns the thread (named after the ticker's role),
 * applies the real-time knobs to it, runs the {@link TickAgent}'s duty cycle and waits between deadlines with
 * the {@link IdleMode} (park, then spin the last {@code spinThresholdNs}). A {@link VirtualMachineError}
 * ends the thread and is kept as the death cause (a {@link Watchdog} then calls its failsafe).
 */
final class TickRunner {
    private static final Logger LOG = LoggerFactory.getLogger(TickRunner.class);
    private static final long IDLE_WITHOUT_WORK_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private final TickAgent agent;
    private final IdleMode idleMode;
    private final long spinThresholdNs;
    private final RealtimeOptions realtime;
    private final ErrorHandler errors;
    private final Runnable onExit;
    private volatile boolean running = true;
    private volatile Throwable death;
    private volatile RealtimeReport realtimeReport;
    private final Thread thread;

    TickRunner(TickAgent agent, IdleMode idleMode, long spinThresholdNs, RealtimeOptions realtime, ErrorHandler errors,
            Runnable onExit) {
        this.agent = agent;
        this.idleMode = idleMode;
        this.spinThresholdNs = spinThresholdNs;
        this.realtime = realtime;
        this.errors = errors;
        this.onExit = onExit;
        this.thread = new Thread(this::run, agent.role);
    }

    TickRunner start() {
        thread.start();
        return this;
    }

    Thread thread() {
        return thread;
    }

    Throwable death() {
        return death;
    }

    RealtimeReport realtimeReport() {
        return realtimeReport;
    }

    /** Ends the thread's park early (a wake-up was requested); harmless at any time. */
    void unpark() {
        LockSupport.unpark(thread);
    }

    /** Asks the loop to end (it ends after the work in progress). */
    void requestStop() {
        running = false;
        LockSupport.unpark(thread);
    }

    private void run() {
        realtimeReport = RealtimeKnobs.apply(realtime, agent.role);
        NanoClock clock = agent.clock;
        try {
            while (running) {
                long now = clock.nanoTime();
                if (agent.doWork(now, errors) > 0) {
                    continue;
                }
                if (!agent.hasWork()) {
                    LockSupport.parkNanos(IDLE_WITHOUT_WORK_NS);
                    continue;
                }
                idle(agent.nextDeadlineNs(), now);
            }
        } catch (RuntimeException | Error e) {
            death = e;
            LOG.error("ticker '{}': the tick thread died; nothing ticks any more (a Watchdog calls its failsafe)", agent.role, e);
        } finally {
            onExit.run();
        }
    }

    private void idle(long deadlineNs, long nowNs) {
        long remaining = deadlineNs - nowNs;
        switch (idleMode) {
            case PARK -> LockSupport.parkNanos(remaining);
            case PARK_THEN_SPIN -> {
                if (remaining > spinThresholdNs) {
                    LockSupport.parkNanos(remaining - spinThresholdNs);
                } else {
                    spinUntil(deadlineNs);
                }
            }
            case SPIN -> spinUntil(deadlineNs);
        }
    }

    private void spinUntil(long deadlineNs) {
        while (running && agent.clock.nanoTime() - deadlineNs < 0 && !agent.wakeRequested()) {
            Thread.onSpinWait();
        }
    }
}
