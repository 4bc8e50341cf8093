package io.canopy.launch.route;

import com.google.protobuf.ByteString;
import io.canopy.OnceLog;
import io.canopy.launch.run.NumberText;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventQueue;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's outgoing IO thread: the tick thread offers events to the outbox (never waiting), this thread
 * turns them into MQTT publishes and serial sends, which build protobuf messages and so allocate: that
 * is why it happens here and not on the tick thread.
 */
public final class Outbound implements EventHandler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Outbound.class);

    public final EventQueue queue;
    private final Map<String, Consumer<Event>> actions = new HashMap<>();
    private final Thread thread;
    private volatile boolean running = true;
    private final OnceLog onceLog = new OnceLog(LOG);
    /** What the node's event lanes dropped or held back; this thread logs it. */
    public final Drops drops;

    public Outbound(String nodeName) {
        queue = EventQueue.builder().name("outbox " + nodeName).sensorCapacity(256).commandCapacity(256).maxPayloadBytes(0).build();
        drops = new Drops("node '" + nodeName + "'");
        thread = new Thread(this::run, "canopy-out " + nodeName);
        thread.setDaemon(true);
    }

    /** Before {@link #start()}: what to do with outbox events named {@code key}. */
    public void on(String key, Consumer<Event> action) {
        actions.merge(key, action, Consumer::andThen);
    }

    /**
     * Starts the IO thread, unless nothing was registered with {@link #on}: then nothing is ever offered to the
     * outbox (the event bus, telemetry and bindings offer only the keys they registered), and a node without
     * outgoing bindings, telemetry or remote actions (one without MQTT and serial sends) runs without this thread.
     */
    public void start() {
        if (!actions.isEmpty()) {
            thread.start();
        }
    }

    /** Whether the IO thread runs (something was registered before {@link #start()}). */
    boolean running() {
        return thread.isAlive();
    }

    /** Any thread: wake the IO thread after offering (cheap, allocation-free). */
    void wake() {
        LockSupport.unpark(thread);
    }

    private void run() {
        int busy = 0;
        while (running) {
            if (queue.drain(this) == 0 || ++busy == 100) {
                busy = 0;
                drops.report();
            }
            if (queue.size() == 0) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
            }
        }
        queue.drain(this);
        drops.report();
    }

    @Override
    public void onEvent(Event event) {
        Consumer<Event> a = actions.get(event.name());
        if (a == null) {
            return;
        }
        try {
            a.accept(event);
        } catch (RuntimeException e) {
            onceLog.warn("out:" + event.name(), "sending '{}' failed: {} (logged once; repeats are only counted)", event.name(), String.valueOf(e.getMessage()));
        }
    }

    /** Drains what is left and stops the thread (waits at most {@code timeoutMs}). */
    public void stop(long timeoutMs) {
        running = false;
        if (thread.getState() == Thread.State.NEW) {
            drops.summary();
            return;
        }
        LockSupport.unpark(thread);
        try {
            thread.join(Math.max(1, timeoutMs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drops.summary();
    }

    @Override
    public void close() {
        stop(200);
    }

    /** The payload of an event carrying {@code data}: a message's bytes, a string's UTF-8, a number's text. */
    static ByteString payload(Object data, double value) {
        if (data instanceof ProtoData p) {
            return p.message().toByteString();
        }
        if (data == null) {
            return ByteString.copyFrom(NumberText.format(value), StandardCharsets.UTF_8);
        }
        return ByteString.copyFrom(String.valueOf(data), StandardCharsets.UTF_8);
    }
}
