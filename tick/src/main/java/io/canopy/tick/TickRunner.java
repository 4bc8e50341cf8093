package io.canopy.tick;

import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.realtime.RealtimeKnobs;
import io.canopy.tick.realtime.RealtimeOptions;
import io.canopy.tick.realtime.RealtimeReport;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tick thread, in the Agrona sense of an agent runner: owns the thread (named after the ticker's role, or
 * the {@link TickerGroup}'s), applies the real-time knobs to it, runs the duty cycle of its {@link TickAgent}s
 * and waits between deadlines with the {@link IdleMode} (park, then spin the last {@code spinThresholdNs}). A
 * {@link VirtualMachineError} ends the thread and is kept as the death cause (a {@link Watchdog} then calls its
 * failsafe).
 *
 * <p>A ticker's own runner has one agent. A group's runner has one agent per member ticker: each pass gives
 * every member one duty cycle, each at a fresh clock reading (so a member's lateness includes the time the
 * members before it took), and the thread then waits for the earliest deadline of all. A member can leave
 * ({@link #detach}) while the others go on.
 */
final class TickRunner {
    private static final Logger LOG = LoggerFactory.getLogger(TickRunner.class);
    private static final long IDLE_WITHOUT_WORK_NS = TimeUnit.MILLISECONDS.toNanos(10);

    /** One agent the thread runs, with the error handler of its ticker. */
    private static final class Member {
        final TickAgent agent;
        final ErrorHandler errors;
        volatile boolean detached;

        Member(TickAgent agent, ErrorHandler errors) {
            this.agent = agent;
            this.errors = errors;
        }
    }

    private final String name;
    private final NanoClock clock;
    private final Member[] members;
    private final IdleMode idleMode;
    private final long spinThresholdNs;
    private final RealtimeOptions realtime;
    private final Runnable onExit;
    private volatile boolean running = true;
    /** Passes of the loop so far, for {@link #detach}. */
    private volatile long passes;
    private volatile Throwable death;
    private volatile RealtimeReport realtimeReport;
    private final Thread thread;

    TickRunner(TickAgent agent, IdleMode idleMode, long spinThresholdNs, RealtimeOptions realtime, ErrorHandler errors,
            Runnable onExit) {
        this(agent.role, agent.clock, new TickAgent[] {agent}, new ErrorHandler[] {errors}, idleMode, spinThresholdNs, realtime,
                onExit);
    }

    /** A runner of several agents (a {@link TickerGroup}) on one thread named {@code name}; all on {@code clock}. */
    TickRunner(String name, NanoClock clock, TickAgent[] agents, ErrorHandler[] errors, IdleMode idleMode, long spinThresholdNs,
            RealtimeOptions realtime, Runnable onExit) {
        this.name = name;
        this.clock = clock;
        this.members = new Member[agents.length];
        for (int i = 0; i < agents.length; i++) {
            members[i] = new Member(agents[i], errors[i]);
        }
        this.idleMode = idleMode;
        this.spinThresholdNs = spinThresholdNs;
        this.realtime = realtime;
        this.onExit = onExit;
        this.thread = new Thread(this::run, name);
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

    /**
     * A member leaves: the thread runs no more of {@code agent}'s work. Waits at most {@code timeoutMs} for its
     * work in progress to end and returns whether it has (or the thread has ended); from the tick thread itself it
     * only marks the member and returns false.
     */
    boolean detach(TickAgent agent, long timeoutMs) {
        for (Member m : members) {
            if (m.agent == agent) {
                m.detached = true;
            }
        }
        if (Thread.currentThread() == thread) {
            return false;
        }
        long seen = passes;
        long giveUpNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(1, Math.min(timeoutMs, 3_600_000L)));
        LockSupport.unpark(thread);
        // two passes ended after the flag was set: a duty cycle of the member that was running has ended too
        while (passes - seen < 2 && thread.isAlive()) {
            if (System.nanoTime() - giveUpNs > 0) {
                return false;
            }
            LockSupport.unpark(thread);
            LockSupport.parkNanos(100_000);
        }
        return true;
    }

    private void run() {
        realtimeReport = RealtimeKnobs.apply(realtime, name);
        try {
            if (members.length == 1) {
                runOne(members[0]);
            } else {
                runMany();
            }
        } catch (RuntimeException | Error e) {
            death = e;
            LOG.error("ticker '{}': the tick thread died; nothing ticks any more (a Watchdog calls its failsafe)", name, e);
        } finally {
            onExit.run();
        }
    }

    private void runOne(Member m) {
        TickAgent agent = m.agent;
        while (running) {
            long now = clock.nanoTime();
            if (agent.doWork(now, m.errors) > 0) {
                continue;
            }
            if (!agent.hasWork()) {
                LockSupport.parkNanos(IDLE_WITHOUT_WORK_NS);
                continue;
            }
            idle(agent.nextDeadlineNs(), now);
        }
    }

    private void runMany() {
        Member[] ms = members;
        while (running) {
            passes++;
            int done = 0;
            for (Member m : ms) {
                if (!m.detached) {
                    done += m.agent.doWork(clock.nanoTime(), m.errors);
                }
            }
            if (done > 0) {
                continue;
            }
            boolean any = false;
            long next = 0;
            for (Member m : ms) {
                if (!m.detached && m.agent.hasWork()) {
                    long d = m.agent.nextDeadlineNs();
                    if (!any || d - next < 0) {
                        next = d;
                        any = true;
                    }
                }
            }
            if (!any) {
                LockSupport.parkNanos(IDLE_WITHOUT_WORK_NS);
                continue;
            }
            idle(next, clock.nanoTime());
        }
    }

    private void idle(long deadlineNs, long nowNs) {
        long remaining = deadlineNs - nowNs;
        if (remaining <= 0) {
            return;
        }
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
        while (running && clock.nanoTime() - deadlineNs < 0 && !wakeRequested()) {
            Thread.onSpinWait();
        }
    }

    private boolean wakeRequested() {
        for (Member m : members) {
            if (!m.detached && m.agent.wakeRequested()) {
                return true;
            }
        }
        return false;
    }
}
