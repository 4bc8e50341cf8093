package io.canopy.bt.observe;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon thread that runs the drains of the observers' readers (console traces, .btlog writers) every
 * {@code periodMs}, off the tick. A drain that throws is reported once and dropped; the tree keeps ticking.
 */
public final class MonitorThread implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MonitorThread.class);
    private final List<Runnable> drains = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private final long periodMs;
    private volatile boolean running = true;

    public MonitorThread(long periodMs) {
        this.periodMs = periodMs;
        thread = new Thread(this::loop, "canopy-monitor");
        thread.setDaemon(true);
        thread.start();
    }

    /** Adds a drain (for example {@code btlog::drain}). */
    public void add(Runnable drain) {
        drains.add(drain);
    }

    private void loop() {
        while (running) {
            runAll();
            try {
                Thread.sleep(periodMs);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void runAll() {
        for (Runnable d : drains) {
            try {
                d.run();
            } catch (RuntimeException e) {
                LOG.warn("monitor: {} stopped: {}", d, e.getMessage());
                drains.remove(d);
            }
        }
    }

    /** Stops the thread after one last round of drains. Close the writers themselves afterwards. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        runAll();
    }
}
