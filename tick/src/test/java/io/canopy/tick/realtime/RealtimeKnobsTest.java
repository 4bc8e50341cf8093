package io.canopy.tick.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.Ticker;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class RealtimeKnobsTest {
    private static boolean linux() {
        return System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux");
    }

    @Test
    void timerSlackOfOneNanosecondIsAppliedToTheCallingThreadOnly() throws Exception {
        assumeTrue(linux(), "timer slack is a Linux knob");
        AtomicReference<RealtimeReport> report = new AtomicReference<>();
        AtomicLong slack = new AtomicLong();
        Thread t = new Thread(() -> {
            report.set(RealtimeKnobs.apply(RealtimeOptions.NONE.timerSlackNs(1), "slack-test"));
            slack.set(RealtimeKnobs.currentTimerSlackNs());
        });
        t.start();
        t.join();
        assertThat(report.get().lines()).singleElement().asString().startsWith("timer slack 1 ns: applied");
        assertThat(report.get().allApplied()).isTrue();
        assertThat(slack.get()).isEqualTo(1);
        assertThat(RealtimeKnobs.currentTimerSlackNs()).as("this thread keeps its own slack").isNotEqualTo(1);
    }

    @Test
    void everyKnobAskedForIsReportedAppliedOrRefusedWithAReason() throws Exception {
        assumeTrue(linux(), "the knobs are Linux system calls");
        AtomicReference<RealtimeReport> report = new AtomicReference<>();
        Thread t = new Thread(() -> report.set(
                RealtimeKnobs.apply(RealtimeOptions.NONE.fifoPriority(10).cpu(0).timerSlackNs(1), "knobs-test")));
        t.start();
        t.join();
        assertThat(report.get().lines()).hasSize(3);
        assertThat(report.get().lines()).allSatisfy(line -> assertThat(line).matches(".*: (applied.*|refused: .+)"));
        assertThat(report.get().lines().get(1)).startsWith("SCHED_FIFO 10: ");
        assertThat(report.get().lines().get(2)).startsWith("cpu 0: ");
    }

    @Test
    void aCpuThatDoesNotExistIsRefusedNotThrown() throws Exception {
        assumeTrue(linux(), "affinity is a Linux knob here");
        AtomicReference<RealtimeReport> report = new AtomicReference<>();
        Thread t = new Thread(() -> report.set(RealtimeKnobs.apply(RealtimeOptions.NONE.cpu(1000), "bad-cpu")));
        t.start();
        t.join();
        assertThat(report.get().allApplied()).isFalse();
        assertThat(report.get().lines()).singleElement().asString().startsWith("cpu 1000: refused: EINVAL");
    }

    @Test
    void tickerReportsWhatItsThreadGot() {
        assumeTrue(linux(), "timer slack is a Linux knob");
        Ticker ticker = new Ticker("rt-ticker", SystemNanoClock.INSTANCE)
                .realtime(RealtimeOptions.NONE.timerSlackNs(1));
        AtomicLong slack = new AtomicLong(-2);
        ticker.addTimerHz("t", 1000).addListener(now -> slack.compareAndSet(-2, RealtimeKnobs.currentTimerSlackNs()));
        ticker.start();
        org.awaitility.Awaitility.await().until(() -> slack.get() != -2);
        ticker.stop();
        assertThat(slack.get()).isEqualTo(1);
        assertThat(ticker.realtimeReport().lines()).containsExactly("timer slack 1 ns: applied");
    }
}
