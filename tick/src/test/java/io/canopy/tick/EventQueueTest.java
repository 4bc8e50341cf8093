package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    private final Event scratch = new Event();
    private final List<String> received = new ArrayList<>();
    private final EventHandler record = e -> received.add(e.kind().name().charAt(0) + ":" + e.name() + "=" + (long) e.value());

    @Test
    void fullInboxDropsTheOldestSensorSamplesAndCountsThem() {
        EventQueue q = EventQueue.builder().sensorCapacity(3).commandCapacity(2).build();
        for (int i = 1; i <= 5; i++) {
            assertThat(q.offer(scratch, EventKind.SENSOR, "range", i, i)).isTrue();
        }
        assertThat(q.sensorDropped()).isEqualTo(2);
        q.drain(record);
        assertThat(received).containsExactly("S:range=3", "S:range=4", "S:range=5");
    }

    @Test
    void commandsAreNeverDroppedAFullCommandLaneRefusesTheNewOneAndCountsIt() {
        EventQueue q = EventQueue.builder().sensorCapacity(1).commandCapacity(2).build();
        assertThat(q.offer(scratch, EventKind.COMMAND, "goal", 1, 1)).isTrue();
        assertThat(q.offer(scratch, EventKind.COMMAND, "goal", 2, 2)).isTrue();
        // sensor traffic cannot push commands out
        for (int i = 0; i < 10; i++) {
            q.offer(scratch, EventKind.SENSOR, "imu", i, i);
        }
        assertThat(q.offer(scratch, EventKind.COMMAND, "goal", 3, 3)).isFalse();
        assertThat(q.commandsRefused()).isEqualTo(1);
        assertThat(q.sensorDropped()).isEqualTo(9);

        q.drain(record);
        assertThat(received).containsExactly("C:goal=1", "C:goal=2", "S:imu=9");
        // after draining there is room again
        assertThat(q.offer(scratch, EventKind.COMMAND, "goal", 3, 3)).isTrue();
    }

    @Test
    void drainDeliversInArrivalOrderAcrossKinds() {
        EventQueue q = EventQueue.builder().build();
        q.offer(scratch, EventKind.SENSOR, "a", 0, 1);
        q.offer(scratch, EventKind.COMMAND, "b", 0, 2);
        q.offer(scratch, EventKind.SENSOR, "c", 0, 3);
        q.offer(scratch, EventKind.COMMAND, "d", 0, 4);
        assertThat(q.drain(record)).isEqualTo(4);
        assertThat(received).containsExactly("S:a=1", "C:b=2", "S:c=3", "C:d=4");
        assertThat(q.size()).isZero();
        assertThat(q.offered()).isEqualTo(4);
        assertThat(q.drained()).isEqualTo(4);
    }

    @Test
    void drainWithALimitLeavesTheRest() {
        EventQueue q = EventQueue.builder().build();
        for (int i = 0; i < 5; i++) {
            q.offer(scratch, EventKind.COMMAND, "x", 0, i);
        }
        assertThat(q.drain(record, 2)).isEqualTo(2);
        assertThat(q.size()).isEqualTo(3);
    }

    @Test
    void payloadIsCopiedSoTheProducerMayReuseItsBuffer() {
        EventQueue q = EventQueue.builder().maxPayloadBytes(16).build();
        byte[] buffer = "hello".getBytes(StandardCharsets.US_ASCII);
        Object attachment = new Object();
        q.offer(scratch.set(EventKind.COMMAND, "say", 42).payload(buffer, 0, 5).attachment(attachment));
        buffer[0] = 'J';
        scratch.set(EventKind.SENSOR, "other", 0);

        q.drain(e -> {
            assertThat(e.name()).isEqualTo("say");
            assertThat(e.timestampNs()).isEqualTo(42);
            assertThat(new String(e.payloadBuffer(), 0, e.payloadLength(), StandardCharsets.US_ASCII)).isEqualTo("hello");
            assertThat(e.attachment()).isSameAs(attachment);
            received.add("ok");
        });
        assertThat(received).containsExactly("ok");
    }

    @Test
    void pooledEventsGetAPayloadBufferOnlyForPayloadsAndOnlyAsLargeAsNeeded() {
        EventQueue q = EventQueue.builder().sensorCapacity(1).commandCapacity(1).build();
        List<Integer> buffers = new ArrayList<>();
        q.offer(scratch, EventKind.SENSOR, "range", 0, 1.5);
        q.drain(e -> buffers.add(e.payloadBuffer().length));
        q.offer(new Event(1024).set(EventKind.SENSOR, "frame", 0).payload(new byte[100], 0, 100));
        q.drain(e -> buffers.add(e.payloadBuffer().length));
        q.offer(scratch, EventKind.SENSOR, "range", 0, 2.5); // the same slot, grown before
        q.drain(e -> {
            buffers.add(e.payloadBuffer().length);
            buffers.add(e.payloadLength());
            buffers.add(e.maxPayloadBytes());
        });
        assertThat(buffers).containsExactly(0, 128, 128, 0, Event.DEFAULT_MAX_PAYLOAD_BYTES);
    }

    @Test
    void aPooledEventGrowsToItsCeilingAndNoFurther() {
        Event e = Event.pooled(100);
        byte[] bytes = new byte[101];
        bytes[99] = 9;
        e.set(EventKind.COMMAND, "x", 0).payload(bytes, 0, 1);
        assertThat(e.payloadBuffer()).hasSize(64);
        e.payload(bytes, 0, 100);
        assertThat(e.payloadBuffer()).hasSize(100);
        assertThat(e.payloadBuffer()[99]).isEqualTo((byte) 9);
        assertThatThrownBy(() -> e.payload(bytes, 0, 101)).hasMessageContaining("101 bytes").hasMessageContaining("100");
    }

    @Test
    void payloadLargerThanTheQueueHoldsIsRefusedWithTheSizes() {
        EventQueue q = EventQueue.builder().name("inbox").maxPayloadBytes(4).build();
        Event big = new Event(8).set(EventKind.COMMAND, "blob", 0).payload(new byte[8], 0, 8);
        assertThatThrownBy(() -> q.offer(big)).hasMessageContaining("inbox").hasMessageContaining("blob")
                .hasMessageContaining("8 bytes").hasMessageContaining("4");
    }

    @Test
    void handlerExceptionStillRecyclesTheEvent() {
        EventQueue q = EventQueue.builder().sensorCapacity(1).commandCapacity(1).build();
        q.offer(scratch, EventKind.COMMAND, "x", 0, 0);
        assertThatThrownBy(() -> q.drain(e -> {
            throw new IllegalStateException("handler failed");
        })).hasMessage("handler failed");
        assertThat(q.offer(scratch, EventKind.COMMAND, "y", 0, 0)).as("the slot came back").isTrue();
    }

    @Test
    void manyProducersLoseNoCommandAndDeliverEachOnce() throws Exception {
        EventQueue q = EventQueue.builder().sensorCapacity(8).commandCapacity(64).build();
        int producers = 4;
        int perProducer = 5_000;
        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        long[] refused = new long[producers];
        for (int p = 0; p < producers; p++) {
            int id = p;
            Thread t = new Thread(() -> {
                Event mine = new Event(0);
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perProducer; i++) {
                    q.offer(mine, EventKind.SENSOR, "sample", 0, i);
                    while (!q.offer(mine, EventKind.COMMAND, "cmd", 0, id * 1_000_000L + i)) {
                        refused[id]++;
                        Thread.onSpinWait();
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        Set<Long> commands = new HashSet<>();
        long[] samples = {0};
        long[] lastPerProducer = new long[producers];
        java.util.Arrays.fill(lastPerProducer, -1);
        boolean[] ordered = {true};
        EventHandler consumer = e -> {
            if (e.kind() == EventKind.COMMAND) {
                long v = (long) e.value();
                commands.add(v);
                int p = (int) (v / 1_000_000L);
                long i = v % 1_000_000L;
                if (i <= lastPerProducer[p]) {
                    ordered[0] = false;
                }
                lastPerProducer[p] = i;
            } else {
                samples[0]++;
            }
        };
        Thread watcher = new Thread(() -> {
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    return;
                }
            }
            done.set(true);
        });
        watcher.start();
        go.countDown();
        while (!done.get()) {
            q.drain(consumer);
        }
        q.drain(consumer);

        assertThat(commands).hasSize(producers * perProducer);
        assertThat(ordered[0]).as("each producer's commands arrive in its order").isTrue();
        assertThat(samples[0] + q.sensorDropped()).as("every sample is delivered or counted as dropped")
                .isEqualTo((long) producers * perProducer);
        assertThat(q.commandsRefused()).isEqualTo(java.util.Arrays.stream(refused).sum());
    }
}
