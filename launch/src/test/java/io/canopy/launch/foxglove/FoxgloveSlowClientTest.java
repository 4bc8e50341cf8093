package io.canopy.launch.foxglove;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that stops reading (the JDK client asks for no frame after the handshake, so the server's data piles up in
 * the socket) never holds up the tick: 40,000 cycles of a moving pose and a changing state run to the end, the
 * server counts what the stalled client lost, and a second client that reads keeps getting messages throughout.
 */
class FoxgloveSlowClientTest {
    /** A moving test pose: x grows by 1 mm per cycle. */
    static final class Moving implements WellKnownSampler.PoseSource {
        double x;

        @Override
        public double x() {
            return x;
        }

        @Override
        public double y() {
            return 2 * x;
        }

        @Override
        public double theta() {
            return 0.5;
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aStalledClientLosesMessagesCountedAndTheTickNeverWaits() throws Exception {
        Moving pose = new Moving();
        String[] states = {"Patrol", "ReturnToDock"};
        int[] which = {0};
        Supplier<String> state = () -> states[which[0]];
        WellKnownSampler sampler = new WellKnownSampler("r", pose, List.of("machine m"), List.of("r/foxglove/machine/m"),
                List.of(state), 0, 1 << 12);
        try (FoxgloveServer server = FoxgloveServer.start("127.0.0.1", 0);
                FoxgloveWsClient stalled = new FoxgloveWsClient(server.port(), true);
                FoxgloveWsClient reader = new FoxgloveWsClient(server.port(), false)) {
            server.add(sampler);
            String all = "{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":1},{\"id\":2,\"channelId\":2},{\"id\":3,\"channelId\":3}]}";
            stalled.send(all);
            reader.send(all);
            reader.next("advertise");
            while (server.clients() < 2) {
                Thread.onSpinWait();
            }
            long t = 0;
            long worstNs = 0;
            long readBefore = 0;
            for (int i = 0; i < 40_000; i++) {
                t += WellKnownSampler.POSE_PERIOD_NS;
                pose.x += 0.001;
                which[0] = (i / 100) & 1;
                long start = System.nanoTime();
                sampler.afterCycle(t);
                worstNs = Math.max(worstNs, System.nanoTime() - start);
                if (i == 20_000) {
                    readBefore = reader.data.size();
                }
                if (i % 1000 == 999) { // the test paces itself to the hub (a 50 Hz tick is far slower): so every message
                    long paced = System.nanoTime() + TimeUnit.SECONDS.toNanos(10); // reaches the clients' queues
                    while (sampler.pending() > 0 && System.nanoTime() < paced) {
                        Thread.onSpinWait();
                    }
                }
            }
            System.out.printf("foxglove slow client: %d dropped for clients, %d dropped by the tick (ring full), %d queued; "
                    + "worst afterCycle %.1f us; the reading client got %d%n", server.dropped(), sampler.dropped(), server.delivered(),
                    worstNs / 1e3, reader.data.size());
            assertThat(server.dropped()).as("messages the stalled client lost, counted").isPositive();
            assertThat(sampler.dropped()).as("the tick's ring never overflowed: the hub kept up").isZero();
            assertThat(readBefore).as("the reading client got messages while the other stalled").isPositive();
            long readEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (reader.data.size() <= readBefore && System.nanoTime() < readEnd) {
                Thread.onSpinWait();
            }
            assertThat(reader.data.size()).as("and kept getting them after").isGreaterThan((int) readBefore);
        }
    }
}
