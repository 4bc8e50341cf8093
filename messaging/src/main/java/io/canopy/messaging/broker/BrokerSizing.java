package io.canopy.messaging.broker;

import io.moquette.broker.Server;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shrinks a just-started Moquette 0.17 broker to what a node's own broker needs (a few clients on loopback).
 * Moquette sizes its session loops by the CPU count and hands every interceptor notification (one per
 * PUBLISH, even with no interceptor for it) to a thread of its own; neither is configurable in 0.17. This keeps
 * one session loop (every client's commands run on it, in order, as they do on each loop of several) and runs
 * the notifications on the calling session loop (the only interceptor is {@link SessionLoopRevival}, which
 * handles loop failures). Two threads fewer. Must run before any client connects; a Moquette without these
 * parts is left as it is (a debug line says so). Upstream: Moquette sizes the loops by
 * {@code availableProcessors} with no setting (no upstream issue found; the nearest, moquette-io/moquette#468,
 * asked the same for Netty's threads and was declined). Delete with a Moquette that takes a loop count;
 * {@code BrokerSizingTest} is the check.
 */
final class BrokerSizing {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);

    private BrokerSizing() {}

    /** Applies both; false (and a debug line) when this Moquette's internals differ. */
    static boolean shrink(Server server) {
        try {
            Object group = SessionLoopRevival.field(SessionLoopRevival.field(server, "dispatcher"), "sessionLoops");
            oneSessionLoop(group);
            Object interceptor = SessionLoopRevival.field(server, "interceptor");
            ExecutorService pool = (ExecutorService) SessionLoopRevival.field(interceptor, "executor");
            set(interceptor, "executor", new CallerRuns());
            pool.shutdown();
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("broker sizing unavailable: {}", e.toString());
            return false;
        }
    }

    /**
     * The command queue of the session loop (after {@link #shrink}, the only one), or null when this Moquette's
     * internals differ. Moquette drops a publish whose command does not fit it without acknowledging it.
     */
    static BlockingQueue<?> sessionQueue(Server server) {
        try {
            Object group = SessionLoopRevival.field(SessionLoopRevival.field(server, "dispatcher"), "sessionLoops");
            Object[] queues = (Object[]) SessionLoopRevival.field(group, "sessionQueues");
            return queues.length == 1 ? (BlockingQueue<?>) queues[0] : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("session queue unavailable: {}", e.toString());
            return null;
        }
    }

    /** Routes every command to loop 0 from now on, then lets the others finish what they hold and end. */
    private static void oneSessionLoop(Object group) throws ReflectiveOperationException {
        Thread[] loops = (Thread[]) SessionLoopRevival.field(group, "sessionExecutors");
        Object[] queues = (Object[]) SessionLoopRevival.field(group, "sessionQueues");
        if (loops.length <= 1) {
            return;
        }
        set(group, "eventLoops", 1);
        set(group, "sessionQueues", Arrays.copyOf(queues, 1));
        set(group, "sessionExecutors", Arrays.copyOf(loops, 1));
        for (int i = 1; i < loops.length; i++) {
            loops[i].interrupt(); // a session loop drains its queue when interrupted, then exits
        }
    }

    private static void set(Object owner, String name, Object value) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        f.set(owner, value);
    }

    /** Runs each task on the caller; a task that throws is logged, as a pool thread would, and not rethrown. */
    private static final class CallerRuns extends AbstractExecutorService {
        private volatile boolean shut;

        @Override
        public void execute(Runnable task) {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.warn("embedded MQTT broker: an interceptor failed ({})", e.toString());
            }
        }

        @Override
        public void shutdown() {
            shut = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shut = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shut;
        }

        @Override
        public boolean isTerminated() {
            return shut;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
