package io.canopy.launch.cli.bench;

import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.messaging.Subscription;
import io.canopy.InputException;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.RangeReading;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * MQTT round-trip benchmark: a requester node publishes a {@link RangeReading} Envelope, an echo node
 * receives it and publishes it back, the requester receives it; the next round trip starts from the
 * requester's receive callback (no thread hand-off), so the figure is Paho + broker + protobuf, twice.
 * Then a burst for messages per second. A library ({@link #run}); its command line, with picocli's options, is
 * {@code canopy bench mqtt [--broker embedded|tcp://HOST:PORT] [--qos 0|1] [--count N] [--warmup N] [--burst N]
 * [--no-nodelay] [--json]} ({@link BenchMqttCommand}).
 */
public final class MqttBench {
    /** The figures of one run; latencies in microseconds. */
    public record Result(String broker, int qos, boolean tcpNoDelay, int roundTrips, double p50Us, double p90Us,
            double p99Us, double maxUs, long burst, long burstReceived, double messagesPerSecond) {
        public String text() {
            return String.format(Locale.ROOT, "broker=%s qos=%d tcp_nodelay=%s round_trips=%d p50=%.0fus p90=%.0fus"
                    + " p99=%.0fus max=%.0fus | burst=%d received=%d %.0f msg/s", broker, qos, tcpNoDelay, roundTrips,
                    p50Us, p90Us, p99Us, maxUs, burst, burstReceived, messagesPerSecond);
        }

        public String json() {
            return String.format(Locale.ROOT, "{\"broker\":\"%s\",\"qos\":%d,\"tcp_nodelay\":%s,\"round_trips\":%d,"
                    + "\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f,\"max_us\":%.1f,\"burst\":%d,\"burst_received\":%d,"
                    + "\"msg_per_s\":%.0f}", broker, qos, tcpNoDelay, roundTrips, p50Us, p90Us, p99Us, maxUs, burst,
                    burstReceived, messagesPerSecond);
        }
    }

    private MqttBench() {}

    /**
     * Runs {@code warmup + count} sequential round trips and a burst of {@code burst} one-way messages.
     * {@code broker} is a URL or {@code embedded} (a Moquette started for the run, with the same TCP_NODELAY
     * setting as the clients).
     */
    public static Result run(String broker, Qos qos, int warmup, int count, int burst, boolean tcpNoDelay)
            throws InterruptedException {
        EmbeddedBroker embedded = NodeConfig.EMBEDDED.equals(broker) ? EmbeddedBroker.start(0, tcpNoDelay) : null;
        String url = embedded != null ? embedded.url() : broker;
        try (MqttNode requester = MqttNode.start(config("requester", url, tcpNoDelay));
                MqttNode echo = MqttNode.start(config("echo", url, tcpNoDelay))) {
            if (!requester.awaitConnected(10_000) || !echo.awaitConnected(10_000)) {
                throw new InputException("MQTT bench: broker " + url + " not reachable ("
                        + requester.lastConnectionError() + "); start it or pass --broker embedded");
            }
            Publisher<RangeReading> pong = echo.newPublisher("/bench/pong", RangeReading.class, qos, false);
            echo.newSubscriber("/bench/ping", RangeReading.class, qos, (m, e) -> pong.publish(m));

            Histogram rtt = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
            int total = warmup + count;
            CountDownLatch done = new CountDownLatch(1);
            AtomicLong sentAt = new AtomicLong();
            AtomicLong seq = new AtomicLong();
            Publisher<RangeReading> ping = requester.newPublisher("/bench/ping", RangeReading.class, qos, false);
            requester.newSubscriber("/bench/pong", RangeReading.class, qos, (m, e) -> {
                if (m.getSensorId() != seq.get()) {
                    return; // a late duplicate
                }
                long now = System.nanoTime();
                long n = seq.incrementAndGet();
                if (n > warmup) {
                    rtt.recordValue(Math.min(now - sentAt.get(), rtt.getHighestTrackableValue()));
                }
                if (n >= total) {
                    done.countDown();
                    return;
                }
                sentAt.set(System.nanoTime());
                ping.publish(reading(n));
            });
            awaitRoute(requester, ping);
            seq.set(0);
            sentAt.set(System.nanoTime());
            ping.publish(reading(0));
            if (!done.await(Math.max(60, total / 100), TimeUnit.SECONDS)) {
                throw new IllegalStateException("MQTT bench: round trips stalled after " + seq.get() + " of " + total);
            }

            AtomicLong burstGot = new AtomicLong();
            AtomicLong lastAt = new AtomicLong();
            CountDownLatch burstDone = new CountDownLatch(1);
            echo.newSubscriber("/bench/burst", Event.class, qos, (m, e) -> {
                lastAt.set(System.nanoTime());
                if (burstGot.incrementAndGet() == burst) {
                    burstDone.countDown();
                }
            });
            Publisher<Event> burstPub = requester.newPublisher("/bench/burst", Event.class, qos, false);
            awaitRoute(echo, requester, "/bench/burst");
            Event msg = Event.newBuilder().setName("burst").build();
            long t0 = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                burstPub.publish(msg);
            }
            // a broker may drop part of a burst (Mosquitto queues at most 1000 QoS 1 messages per client):
            // stop when everything arrived or nothing more came for a second
            long before = -1;
            while (!burstDone.await(1, TimeUnit.SECONDS) && burstGot.get() != before) {
                before = burstGot.get();
            }
            long got = burstGot.get();
            double seconds = (lastAt.get() - t0) / 1e9;
            return new Result(embedded != null ? "embedded-moquette" : broker, qos.level(), tcpNoDelay, count,
                    rtt.getValueAtPercentile(50) / 1e3, rtt.getValueAtPercentile(90) / 1e3,
                    rtt.getValueAtPercentile(99) / 1e3, rtt.getMaxValue() / 1e3, burst, got, got / seconds);
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private static NodeConfig config(String name, String url, boolean tcpNoDelay) {
        return NodeConfig.builder(name).namespace("bench").broker(url).tcpNoDelay(tcpNoDelay).announceState(false)
                .outageBufferSize(100_000).build();
    }

    private static RangeReading reading(long n) {
        return RangeReading.newBuilder().setSensorId((int) n).setRangeM(1.5f).setMinM(0.05f).setMaxM(4f).build();
    }

    /** Waits until the echo path works (subscriptions are asynchronous), using sensor id -1. */
    private static void awaitRoute(MqttNode requester, Publisher<RangeReading> ping) throws InterruptedException {
        CountDownLatch ok = new CountDownLatch(1);
        Subscription probe = requester.newSubscriber("/bench/pong", RangeReading.class, (m, e) -> {
            if (m.getSensorId() == -1) {
                ok.countDown();
            }
        });
        for (int i = 0; i < 200 && !ok.await(50, TimeUnit.MILLISECONDS); i++) {
            ping.publish(reading(-1));
        }
        probe.close();
    }

    private static void awaitRoute(MqttNode receiver, MqttNode sender, String topic) throws InterruptedException {
        CountDownLatch ok = new CountDownLatch(1);
        Subscription probe = receiver.newRawSubscriber(topic + "/probe", Qos.AT_LEAST_ONCE, (t, p, r) -> ok.countDown());
        Publisher<Event> pub = sender.newPublisher(topic + "/probe", Event.class);
        for (int i = 0; i < 200 && !ok.await(50, TimeUnit.MILLISECONDS); i++) {
            pub.publish(Event.getDefaultInstance());
        }
        probe.close();
    }
}
