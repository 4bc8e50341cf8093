package io.canopy.messaging;

import java.util.concurrent.TimeUnit;

/** The threads Paho 1.2.5 runs for one client, found by their names ("MQTT Rec: id", "MQTT Snd: id"). */
final class PahoThreads {
    private PahoThreads() {}

    /**
     * Waits (at most {@code timeoutMs}) for the client's Paho reader and sender threads to end. Paho 1.2.5 completes
     * a disconnect before its reader thread has left its read; a {@code close} then takes the client's state from
     * under that thread, which dies with a NullPointerException and a stack trace on stderr ("MQTT Rec: ...").
     */
    static void awaitEnd(String clientId, long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 16];
        int n = root.enumerate(all, true);
        for (int i = 0; i < n; i++) {
            String name = all[i].getName();
            if (all[i] != Thread.currentThread() && (name.equals("MQTT Rec: " + clientId) || name.equals("MQTT Snd: " + clientId))) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                try {
                    all[i].join(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
