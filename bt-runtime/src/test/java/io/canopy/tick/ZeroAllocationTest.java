package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tick path allocates nothing: bytes allocated by the tick thread (HotSpot's per-thread counter) over
 * 100,000 ticks, after a warm-up, minus what reading the counter itself costs (measured first).
 */
class ZeroAllocationTest {
    private static final int TICKS = 100_000;
    private static com.sun.management.ThreadMXBean threads;
    private static long measurementCostBytes;

    @BeforeAll
    static void measureTheMeasurement() {
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(true);
        long worst = 0;
        for (int i = 0; i < 20_000; i++) {
            long a = threads.getCurrentThreadAllocatedBytes();
            long b = threads.getCurrentThreadAllocatedBytes();
            if (i > 10_000) {
                worst = Math.max(worst, b - a);
            }
        }
        measurementCostBytes = worst;
        assertThat(measurementCostBytes).as("reading the counter costs (bytes)").isLessThan(1024);
    }

    /** A small but realistic workload: inbox events, a one-shot timer, an outbox message, some arithmetic. */
    private static final class Workload implements TickListener, TimerCallback, EventHandler {
        final Ticker ticker;
        final EventQueue outbox = EventQueue.builder().name("out").sensorCapacity(16).commandCapacity(16).build();
        final Event outScratch = new Event(64);
        final byte[] frame = new byte[32];
        double integral;
        long fired;
        long handled;
        long timerId = OneShotTimers.NULL_TIMER_ID;
        long sent;
        final EventHandler sink = event -> sent += event.payloadLength();

        Workload(Ticker ticker) {
            this.ticker = ticker;
        }

        @Override
        public void onTick(long nowNs) {
            for (int i = 0; i < 50; i++) {
                integral += Math.sin(i * 0.01 + integral) * 0.001;
            }
            DeadlineTimerQueue timers = ticker.oneShotTimers();
            if (!timers.isPending(timerId)) {
                timerId = timers.scheduleAt(nowNs + 1_500, this);
            }
            frame[0] = (byte) nowNs;
            outbox.offer(outScratch.set(EventKind.SENSOR, "telemetry", nowNs).value(integral).payload(frame, 0, 8));
            outbox.drain(sink); // stands in for the IO thread
        }

        @Override
        public void onTimer(long timerId, long nowNs) {
            fired++;
        }

        @Override
        public void onEvent(Event event) {
            if (event.is("range")) {
                integral += event.value();
            }
            handled++;
        }
    }

    private static final TickListener EMPTY = nowNs -> { };

    static volatile Object escape;

    @Test
    void theMeasurementSeesAnAllocatingListener() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("alloc-sanity", clock);
        ticker.addTimer("boxing", TickRate.hz(1000)).addListener(nowNs -> escape = Long.valueOf(nowNs));

        ticker.advance(TICKS * 1_000_000L);
        long before = threads.getCurrentThreadAllocatedBytes();
        ticker.advance(TICKS * 1_000_000L);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).as("a boxed Long per tick").isGreaterThanOrEqualTo(16L * TICKS);
    }

    @Test
    void deterministicTicksOfAnEmptyTimerAllocateNothing() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("alloc-empty", clock);
        ticker.addTimer("empty", TickRate.hz(1000)).addListener(EMPTY);

        ticker.advance(TICKS * 1_000_000L); // warm-up: JIT, histogram pages touched
        long before = threads.getCurrentThreadAllocatedBytes();
        ticker.advance(TICKS * 1_000_000L);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(ticker.timer("empty").ticks()).isEqualTo(2L * TICKS);
        assertThat(allocated).as("bytes allocated over %d ticks", TICKS).isLessThanOrEqualTo(measurementCostBytes);
    }

    @Test
    void deterministicTicksWithEventsOneShotTimersAndAnOutboxAllocateNothing() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("alloc-work", clock);
        Workload work = new Workload(ticker);
        ticker.addEventHandler(work);
        ticker.addTimer("control", TickRate.hz(1000)).addListener(work);
        ticker.addTimer("telemetry", TickRate.hz(50)).addListener(EMPTY);
        Event in = new Event(16);
        EventQueue inbox = ticker.inbox();

        runChunks(ticker, inbox, in, TICKS); // warm-up
        long before = threads.getCurrentThreadAllocatedBytes();
        runChunks(ticker, inbox, in, TICKS);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(work.fired).as("one-shot timers fired").isGreaterThan(TICKS / 2);
        assertThat(work.handled).as("inbox events handled").isEqualTo(2L * TICKS / 10 * 2);
        assertThat(work.sent).as("outbox bytes").isEqualTo(2L * TICKS * 8);
        assertThat(allocated).as("bytes allocated over %d ticks", TICKS).isLessThanOrEqualTo(measurementCostBytes);
    }

    private static void runChunks(Ticker ticker, EventQueue inbox, Event in, int ticks) {
        for (int i = 0; i < ticks / 10; i++) {
            inbox.offer(in, EventKind.SENSOR, "range", i, 0.5);
            inbox.offer(in, EventKind.COMMAND, "goal", i, 1);
            ticker.advance(10 * 1_000_000L);
        }
    }

    @Test
    void theRealTickThreadAllocatesNothingOverAHundredThousandTicks() throws Exception {
        Ticker ticker = new Ticker("alloc-thread", SystemNanoClock.INSTANCE).idleMode(IdleMode.PARK_THEN_SPIN);
        Workload work = new Workload(ticker);
        ticker.addEventHandler(work);
        long[] bytesAt = new long[2];
        CountDownLatch done = new CountDownLatch(1);
        int warmUp = 60_000; // enough for the JIT to finish compiling the tick path (see the bench command)
        TickListener meter = new TickListener() {
            long n;

            @Override
            public void onTick(long nowNs) {
                n++;
                if (n == warmUp) {
                    bytesAt[0] = threads.getCurrentThreadAllocatedBytes();
                } else if (n == warmUp + TICKS) {
                    bytesAt[1] = threads.getCurrentThreadAllocatedBytes();
                    done.countDown();
                }
            }
        };
        // 50 kHz: a period shorter than the spin threshold, so the loop spins and parks both get exercised
        ticker.addTimer("control", TickRate.hz(50_000)).addListener(work).addListener(meter);
        ticker.addTimer("slow", TickRate.hz(100)).addListener(EMPTY);
        ticker.start();
        try {
            assertThat(done.await(Duration.ofMinutes(2).toSeconds(), TimeUnit.SECONDS)).isTrue();
        } finally {
            ticker.stop();
        }
        long allocated = bytesAt[1] - bytesAt[0];
        assertThat(allocated).as("bytes allocated by the tick thread over %d ticks", TICKS)
                .isLessThanOrEqualTo(measurementCostBytes);
    }
}
