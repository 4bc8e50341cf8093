package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.build.StatechartBuilder;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The transition hook reports every step, on every path of the algorithm, and costs no allocation. */
class MachineObserverTest {
    /** Writes what it is told as text (allocates: a test double, not what runs on a tick). */
    private static final class Log implements MachineObserver {
        final Statechart chart;
        final List<String> lines = new ArrayList<>();

        Log(Statechart chart) {
            this.chart = chart;
        }

        @Override
        public void tickStarted() {
            lines.add("tick");
        }

        @Override
        public void transition(int t) {
            lines.add("take " + chart.transitionText(t));
        }

        @Override
        public void exited(int s) {
            lines.add("exit " + chart.stateId(s));
        }

        @Override
        public void entered(int s) {
            lines.add("enter " + chart.stateId(s));
        }

        @Override
        public void tickEnded() {
            lines.add("end");
        }
    }

    private static final String SIMPLE = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle">
              <state id="idle"><transition event="go" target="work"/></state>
              <state id="work" initial="a">
                <state id="a"><transition event="next" target="b"/></state>
                <state id="b"><onentry><log expr="'in b'"/></onentry><transition event="next" target="a"/></state>
                <transition event="stop" target="idle"/>
              </state>
            </scxml>""";

    @Test
    void simpleChartReportsTransitionsExitsAndEntriesInOrder() {
        Statechart chart = ScxmlLoader.parse(SIMPLE, "simple.scxml");
        Machine m = chart.newMachine(new MachineContext(null));
        Log log = new Log(chart);
        m.observe(log);
        m.start();
        assertThat(log.lines).containsExactly("enter idle");
        log.lines.clear();
        m.fire("go");          // pure transition, the direct path
        m.fire("next");        // into b: its onentry runs, the microstep path
        m.offer("stop", null);
        m.onTick(0);           // queued, taken on the tick
        assertThat(log.lines).containsExactly(
                "take idle -> work on go", "exit idle", "enter work", "enter a",
                "take a -> b on next", "exit a", "enter b",
                "tick", "take work -> idle on stop", "exit b", "exit work", "enter idle", "end");
        log.lines.clear();
        m.fire("go");
        m.halt();
        assertThat(log.lines).endsWith("exit a", "exit work");
    }

    @Test
    void generalPathWithParallelRegionsReportsEveryTransitionTaken() {
        StatechartBuilder b = new StatechartBuilder("general");
        StatechartBuilder.StateBuilder p = b.parallel("p");
        StatechartBuilder.StateBuilder left = p.state("left");
        left.state("l1").on("tick", "l2");
        left.state("l2");
        StatechartBuilder.StateBuilder right = p.state("right");
        right.state("r1").on("tick", "r2");
        right.state("r2");
        Statechart chart = b.build();
        Machine m = chart.newMachine(new MachineContext(null));
        Log log = new Log(chart);
        m.observe(log);
        m.start();
        log.lines.clear();
        m.fire("tick");
        assertThat(log.lines).containsExactly("take l1 -> l2 on tick", "take r1 -> r2 on tick", "exit r1", "exit l1",
                "enter l2", "enter r2");
        m.observe(null);
        log.lines.clear();
        m.fire("tick");
        assertThat(log.lines).isEmpty();
    }

    /** Counts only: what a real observer does on the tick (stores, no allocation). */
    private static final class Counter implements MachineObserver {
        long steps;

        @Override
        public void tickStarted() {}

        @Override
        public void transition(int t) {
            steps++;
        }

        @Override
        public void exited(int s) {
            steps++;
        }

        @Override
        public void entered(int s) {
            steps++;
        }

        @Override
        public void tickEnded() {}
    }

    @Test
    void observedDispatchAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Statechart chart = ScxmlLoader.parse(SIMPLE, "simple.scxml");
        Machine m = chart.newMachine(new MachineContext(null).onLog((mm, label, value) -> { }));
        Counter c = new Counter();
        m.observe(c);
        m.start();
        String[] events = {"go", "next", "next", "stop"};
        int[] classes = new int[events.length];
        for (int i = 0; i < events.length; i++) {
            classes[i] = chart.eventClass(events[i]);
        }
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 8; round++) {
            long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int k = 0; k < 20_000; k++) {
                for (int i = 0; i < events.length; i++) {
                    m.fire(events[i], classes[i], null);
                }
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }
        assertThat(least).isZero();
        assertThat(c.steps).isGreaterThan(8 * 20_000 * 4);
    }
}
