package io.canopy.launch.foxglove;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The tick's share of {@code --foxglove} allocates nothing, with one client attached and subscribed to every channel:
 * each cycle samples a moving pose (PoseInFrame + FrameTransform encoded into the ring) and a state that changes every
 * 100 cycles. Measured as {@code TickPathAllocationTest} does: the thread's allocation counter over 20,000 cycles
 * after a warm-up, the least of up to ten windows.
 */
class FoxgloveAllocationTest {
    @Test
    void samplingAndEncodingAllocateNothingPerTick() throws Exception {
        FoxgloveSlowClientTest.Moving pose = new FoxgloveSlowClientTest.Moving();
        String[] states = {"Patrol", "ReturnToDock"};
        int[] which = {0};
        Supplier<String> state = () -> states[which[0]];
        WellKnownSampler sampler = new WellKnownSampler("r", pose, List.of("machine m"), List.of("r/foxglove/machine/m"),
                List.of(state), 0, 1 << 12);
        try (FoxgloveServer server = FoxgloveServer.start("127.0.0.1", 0);
                FoxgloveWsClient client = new FoxgloveWsClient(server.port(), false)) {
            server.add(sampler);
            client.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":1},{\"id\":2,\"channelId\":2},{\"id\":3,\"channelId\":3}]}");
            client.next("advertise");
            long[] t = {0};
            Runnable cycle = () -> {
                t[0] += WellKnownSampler.POSE_PERIOD_NS;
                pose.x += 0.001;
                which[0] = (int) ((t[0] / WellKnownSampler.POSE_PERIOD_NS / 100) & 1);
                sampler.afterCycle(t[0]);
            };
            for (int i = 0; i < 150_000; i++) { // warm up: until the JIT has compiled the path, the interpreter allocates
                cycle.run();
                if ((i & 1023) == 0) {
                    client.data.clear();
                    Thread.sleep(1); // let the hub drain: this test is about allocation, not about a full ring
                }
            }
            assertThat(client.data.poll(20, TimeUnit.SECONDS)).as("the client gets messages").isNotNull();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            long allocated = Long.MAX_VALUE;
            int windows = 0;
            long delivered = server.delivered();
            while (windows < 10 && allocated > 0) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 20_000; i++) {
                    cycle.run();
                }
                allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - before);
                windows++;
                client.data.clear();
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (server.delivered() == delivered && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            System.out.printf("foxglove allocation: %d B over 20,000 cycles (least of %d windows); %d messages queued for the client%n",
                    allocated, windows, server.delivered());
            assertThat(server.delivered()).as("messages went to the client meanwhile").isGreaterThan(delivered);
            assertThat(allocated).as("bytes allocated over 20,000 cycles").isLessThan(1024);
        }
    }
}
