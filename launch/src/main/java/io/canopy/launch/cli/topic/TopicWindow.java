package io.canopy.launch.cli.topic;

import io.canopy.launch.cli.BrokerOptions;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Qos;
import io.canopy.tick.NanoClock;
import io.canopy.tick.SystemNanoClock;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The last {@code size} messages of a topic (arrival time on the clock, payload size), for {@code canopy topic hz}
 * and {@code bw}; and the loop both run: subscribe, report every second until {@code --duration}.
 */
final class TopicWindow {
    private final long[] stampNs;
    private final int[] bytes;
    private long count;
    private long countAtLastReport;

    TopicWindow(int size) {
        stampNs = new long[size];
        bytes = new int[size];
    }

    synchronized void add(long nowNs, int size) {
        int i = (int) (count++ % stampNs.length);
        stampNs[i] = nowNs;
        bytes[i] = size;
    }

    /** Messages in the window. */
    synchronized int size() {
        return (int) Math.min(count, stampNs.length);
    }

    private long stamp(int k) { // k-th oldest in the window
        return stampNs[(int) ((count - size() + k) % stampNs.length)];
    }

    private int bytes(int k) {
        return bytes[(int) ((count - size() + k) % stampNs.length)];
    }

    /** {@code average rate: 50.000} and the min, max and std dev of the intervals; null below two messages. */
    synchronized String rate() {
        int n = size();
        if (n < 2) {
            return null;
        }
        double sum = 0;
        double sq = 0;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int k = 1; k < n; k++) {
            double d = (stamp(k) - stamp(k - 1)) / 1e9;
            sum += d;
            sq += d * d;
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        double mean = sum / (n - 1);
        double std = Math.sqrt(Math.max(0, sq / (n - 1) - mean * mean));
        return String.format(Locale.ROOT, "average rate: %.3f%n\tmin: %.3fs max: %.3fs std dev: %.5fs window: %d",
                1 / mean, min, max, std, n);
    }

    /** {@code average: 1.20KB/s} and the mean, min and max message size; null below two messages. */
    synchronized String bandwidth() {
        int n = size();
        if (n < 2) {
            return null;
        }
        long total = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int k = 0; k < n; k++) {
            total += bytes(k);
            min = Math.min(min, bytes(k));
            max = Math.max(max, bytes(k));
        }
        double seconds = (stamp(n - 1) - stamp(0)) / 1e9;
        double perSecond = seconds > 0 ? (total - bytes(0)) / seconds : 0;
        return String.format(Locale.ROOT, "average: %s/s%n\tmean: %s min: %s max: %s window: %d", size(perSecond),
                size((double) total / n), size(min), size(max), n);
    }

    private static String size(double b) {
        return b >= 1e6 ? String.format(Locale.ROOT, "%.2fMB", b / 1e6)
                : b >= 1e3 ? String.format(Locale.ROOT, "%.2fKB", b / 1e3) : String.format(Locale.ROOT, "%.0fB", b);
    }

    /**
     * Subscribes to {@code topic} and prints {@code report} every second (and at the end) until {@code durationNs}
     * (0: until Ctrl-C). Exit code 0 when at least two messages came, 1 when fewer did.
     */
    static int watch(PrintWriter out, PrintWriter err, BrokerOptions broker, String what, String topic, int window,
            long durationNs, Function<TopicWindow, String> report) throws InterruptedException {
        String filter = MqttNode.checkFilter(topic);
        OptionCheck.atLeast("canopy topic " + what, "--window", window, 2);
        TopicWindow w = new TopicWindow(window);
        NanoClock clock = SystemNanoClock.INSTANCE;
        try (MqttNode client = broker.connect("topic_" + what)) {
            client.newRawSubscriber("/" + filter, Qos.AT_MOST_ONCE, (t, payload, retained) -> {
                if (!retained) { // a retained message is old news, not part of the rate
                    w.add(clock.nanoTime(), payload.length);
                }
            }).awaitSubscribed(5_000); // the duration counts from when the broker has the subscription
            err.println("subscribed to [" + filter + "]");
            err.flush();
            long end = durationNs > 0 ? clock.nanoTime() + durationNs : Long.MAX_VALUE;
            while (true) {
                long left = end - clock.nanoTime();
                if (left <= 0) {
                    break;
                }
                TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.SECONDS.toNanos(1)));
                print(out, w, report);
            }
        }
        if (w.size() < 2) {
            err.println("canopy topic " + what + ": fewer than two messages on '" + filter + "'; is a node publishing it"
                    + " (canopy topic list), and is the broker the nodes' one (--broker)?");
            err.flush();
            return CanopyMain.EXIT_FAILED;
        }
        return CanopyMain.EXIT_OK;
    }

    private static void print(PrintWriter out, TopicWindow w, Function<TopicWindow, String> report) {
        synchronized (w) {
            if (w.count == w.countAtLastReport) {
                out.println("no new messages");
            } else {
                String r = report.apply(w);
                if (r != null) {
                    out.println(r);
                }
            }
            w.countAtLastReport = w.count;
        }
        out.flush();
    }
}
