package io.canopy.messaging.broker;

import io.moquette.broker.Server;
import io.moquette.interception.AbstractInterceptHandler;
import io.moquette.interception.messages.InterceptExceptionMessage;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded broker's session loops alive. Moquette 0.17 (the newest on Maven Central) runs every
 * client's commands on one of a few "session loop" threads, chosen by a hash of the client id, and a command
 * that throws ends its loop for good: from then on every client hashed to it hangs at CONNECT (Moquette fixed
 * this in 0.18.1, #957, which is not published). Moquette tells interceptors, on the dying thread, that its loop
 * failed; this one starts a new loop on the same command queue and puts it in the dead one's place, so only the
 * failing command is lost.
 */
final class SessionLoopRevival extends AbstractInterceptHandler {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);

    private final Thread[] loops;
    private final BlockingQueue<?>[] queues;
    private final Map<?, ?> failures;
    private final Constructor<?> newLoop;

    private SessionLoopRevival(Thread[] loops, BlockingQueue<?>[] queues, Map<?, ?> failures, Constructor<?> newLoop) {
        this.loops = loops;
        this.queues = queues;
        this.failures = failures;
        this.newLoop = newLoop;
    }

    /** Installs the revival on a started server; false (and a debug line) for a Moquette without these parts. */
    static boolean install(Server server) {
        try {
            Object group = field(field(server, "dispatcher"), "sessionLoops");
            Thread[] loops = (Thread[]) field(group, "sessionExecutors");
            BlockingQueue<?>[] queues = (BlockingQueue<?>[]) field(group, "sessionQueues");
            Map<?, ?> failures = (Map<?, ?>) field(group, "loopThrownExceptions");
            Constructor<?> c = Class.forName("io.moquette.broker.SessionEventLoop").getDeclaredConstructor(BlockingQueue.class);
            c.setAccessible(true);
            server.addInterceptHandler(new SessionLoopRevival(loops, queues, failures, c));
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("session loop revival unavailable: {}", e.toString());
            return false;
        }
    }

    @Override
    public String getID() {
        return "canopy-session-loop-revival";
    }

    @Override
    public Class<?>[] getInterceptedMessageTypes() {
        return new Class<?>[] {InterceptExceptionMessage.class};
    }

    /** Runs on the loop that is dying (its uncaught-exception handler): replace it, it exits right after. */
    @Override
    public void onSessionLoopError(Throwable error) {
        Thread dying = Thread.currentThread();
        for (int i = 0; i < loops.length; i++) {
            if (loops[i] == dying) {
                revive(i, dying, error);
                return;
            }
        }
    }

    private synchronized void revive(int i, Thread dying, Throwable error) {
        try {
            Thread fresh = (Thread) newLoop.newInstance(queues[i]);
            fresh.setName(dying.getName());
            fresh.setUncaughtExceptionHandler(dying.getUncaughtExceptionHandler());
            fresh.setDaemon(dying.isDaemon());
            loops[i] = fresh;
            fresh.start();
            failures.remove(dying.getName()); // else Moquette logs it again, with a stack trace, when it stops
            Throwable cause = error.getCause() != null && error.getCause().getCause() != null
                    ? error.getCause().getCause() : error;
            LOG.warn("embedded MQTT broker: a client command failed ({}); {} was restarted and its other clients carry on",
                    cause, dying.getName());
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.error("embedded MQTT broker: {} stopped ({}) and could not be restarted ({}); clients on it will hang: "
                    + "restart the node", dying.getName(), error, e.toString());
        }
    }

    static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }
}
