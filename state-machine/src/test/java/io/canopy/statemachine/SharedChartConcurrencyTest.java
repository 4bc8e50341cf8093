package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A compiled chart is an immutable definition: two machines made from ONE chart, driven at the same time by
 * two threads, each follow their own events (their data, guards and configuration never see the other's).
 */
class SharedChartConcurrencyTest {
    private static final String CHART = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="low">
              <datamodel>
                <data id="sum" expr="0"/>
                <data id="count" expr="0"/>
                <data id="crossings" expr="0"/>
              </datamodel>
              <state id="low">
                <transition event="add" cond="sum + _event.data &gt;= 1000">
                  <assign location="sum" expr="sum + _event.data"/>
                  <assign location="count" expr="count + 1"/>
                  <script>crossings = crossings + 1</script>
                  <raise event="crossed"/>
                </transition>
                <transition event="add">
                  <assign location="sum" expr="sum + _event.data"/>
                  <assign location="count" expr="count + 1"/>
                </transition>
                <transition event="crossed" target="high"/>
              </state>
              <state id="high">
                <transition event="crossed" target="high"/>
                <transition event="reset" target="low">
                  <assign location="sum" expr="sum % 1000"/>
                </transition>
                <transition event="add">
                  <assign location="sum" expr="sum + _event.data"/>
                  <assign location="count" expr="count + 1"/>
                </transition>
              </state>
            </scxml>
            """;

    /** What one machine must end with after {@code events} adds of {@code step}, resetting when high. */
    private record Expected(long sum, long count, long crossings, String state) {}

    private static Expected model(int events, long step) {
        long sum = 0;
        long crossings = 0;
        boolean high = false;
        for (int i = 0; i < events; i++) {
            if (!high && sum + step >= 1000) {
                crossings++;
                high = true;
            }
            sum += step;
            if (high && i % 7 == 6) {
                high = false;
                sum %= 1000;
            }
        }
        return new Expected(sum, events, crossings, high ? "high" : "low");
    }

    private static Expected drive(Statechart chart, int events, long step, CyclicBarrier start) throws Exception {
        Machine m = chart.newMachine(new MachineContext(new DeadlineTimerQueue(new ManualNanoClock())));
        m.start();
        start.await(10, TimeUnit.SECONDS);
        Long boxedStep = step;
        for (int i = 0; i < events; i++) {
            m.fire("add", boxedStep);
            if (m.isActive("high") && i % 7 == 6) {
                m.fire("reset");
            }
        }
        return new Expected(((Number) m.data("sum").objectValue()).longValue(),
                ((Number) m.data("count").objectValue()).longValue(),
                ((Number) m.data("crossings").objectValue()).longValue(), m.activeStates().get(0));
    }

    @Test
    void twoMachinesOfOneChartOnTwoThreadsEachFollowTheirOwnEvents() throws Exception {
        twoThreads(ScxmlLoader.parse(CHART, "shared.scxml"), 200_000);
    }

    /** The full engine shares its compiled scripts and sealed standard objects between machines and threads. */
    @Test
    void onTheFullEngineTooTwoMachinesOfOneChartOnTwoThreadsEachFollowTheirOwnEvents() throws Exception {
        Statechart chart = ScxmlLoader.parse(CHART.replace("datamodel=\"ecmascript\"",
                "datamodel=\"ecmascript\" datamodel-engine=\"full\""), "shared.scxml");
        assertThat(chart.datamodelEngine()).isEqualTo("full");
        twoThreads(chart, 50_000);
    }

    private static void twoThreads(Statechart chart, int events) throws Exception {
        long[] steps = {3, 170};
        CyclicBarrier start = new CyclicBarrier(steps.length);
        ExecutorService pool = Executors.newFixedThreadPool(steps.length);
        try {
            List<Future<Expected>> results = new ArrayList<>();
            for (long step : steps) {
                results.add(pool.submit(() -> drive(chart, events, step, start)));
            }
            for (int k = 0; k < steps.length; k++) {
                Expected got = results.get(k).get(60, TimeUnit.SECONDS);
                assertThat(got).as("machine driven with add(%d)", steps[k]).isEqualTo(model(events, steps[k]));
            }
        } finally {
            pool.shutdownNow();
        }
        // the two runs differ, so a machine that saw the other's data could not match its own model
        assertThat(model(events, steps[0])).isNotEqualTo(model(events, steps[1]));
    }

    @Test
    void aChartHoldsNoInstanceState() {
        Statechart chart = ScxmlLoader.parse(CHART, "shared.scxml");
        Machine a = chart.newMachine(new MachineContext(new DeadlineTimerQueue(new ManualNanoClock())));
        Machine b = chart.newMachine(new MachineContext(new DeadlineTimerQueue(new ManualNanoClock())));
        a.start();
        b.start();
        a.fire("add", 600L);
        b.fire("add", 5L);
        a.fire("add", 600L);
        assertThat(a.activeStates()).containsExactly("high");
        assertThat(b.activeStates()).containsExactly("low");
        assertThat(a.data("sum").objectValue()).isEqualTo(1200L);
        assertThat(b.data("sum").objectValue()).isEqualTo(5L);
        assertThat(a.code).isNotSameAs(b.code);
    }
}
