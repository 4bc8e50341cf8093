package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.build.StatechartBuilder;
import io.canopy.statemachine.tools.FsmBenchmark;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** Dispatching an event allocates nothing: measured with the JVM's per-thread allocation counter. */
class DispatchAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocatedBy(Runnable work) {
        long id = Thread.currentThread().getId();
        long before = THREADS.getThreadAllocatedBytes(id);
        work.run();
        return THREADS.getThreadAllocatedBytes(id) - before;
    }

    private static long dispatchBytes(Machine m, String[] events, Object data) {
        int[] classes = new int[events.length];
        for (int i = 0; i < events.length; i++) {
            classes[i] = m.chart().eventClass(events[i]);
        }
        Runnable run = () -> {
            for (int k = 0; k < 20_000; k++) {
                for (int i = 0; i < events.length; i++) {
                    m.fire(events[i], classes[i], data);
                }
            }
        };
        for (int warmup = 0; warmup < 5; warmup++) {
            run.run();
        }
        // steady state: the least of three runs (the JIT may allocate once while it settles);
        // a per-event allocation would show up in every run as at least 20,000 x 16 bytes
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            least = Math.min(least, allocatedBy(run));
        }
        return least;
    }

    private static Machine started(Statechart chart) {
        Machine m = chart.newMachine(new MachineContext(null));
        m.start();
        return m;
    }

    @Test
    void toggleAndHierarchicalDispatchAllocateNothing() {
        assertThat(dispatchBytes(started(FsmBenchmark.toggle()), new String[] {"flip"}, null)).isZero();
        assertThat(dispatchBytes(started(FsmBenchmark.hierarchical()), new String[] {"next"}, null)).isZero();
        assertThat(dispatchBytes(started(FsmBenchmark.hierarchical()), new String[] {"up", "next", "ignored"}, null)).isZero();
    }

    @Test
    void eventsWithPreparedDataAllocateNothingEither() {
        Object payload = java.util.Map.of("speed", 1.5);
        assertThat(dispatchBytes(started(FsmBenchmark.toggle()), new String[] {"flip"}, payload)).isZero();
    }

    @Test
    void parallelRegionsHistoryAndConditionsInTheGeneralPathAllocateNothing() {
        StatechartBuilder b = new StatechartBuilder("general");
        StatechartBuilder.StateBuilder run = b.state("run");
        run.history("h", true, "p");
        run.on("pause", "paused");
        StatechartBuilder.StateBuilder p = run.parallel("p");
        StatechartBuilder.StateBuilder left = p.state("left");
        left.state("l1").on("tick", "l2");
        left.state("l2").on("tick", "l1").when(m -> m.isActive("r1"), "In('r1')");
        StatechartBuilder.StateBuilder right = p.state("right");
        right.state("r1").on("tock", "r2");
        right.state("r2").on("tock", "r1");
        b.state("paused").on("resume", "h");
        Machine m = started(b.build());
        assertThat(dispatchBytes(m, new String[] {"tick", "tock", "pause", "resume", "tick"}, null)).isZero();
        assertThat(m.activeStates()).contains("run", "p");
    }

    @Test
    void ecmascriptConditionsAndAssignmentsOnNumbersAllocateNothing() {
        Statechart chart = ScxmlLoader.parse("<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' "
                + "datamodel='ecmascript'><datamodel><data id='n' expr='0'/></datamodel>"
                + "<state id='a'><transition event='go' cond='n &lt; 1000000000' target='b'>"
                + "<assign location='n' expr='n + 1'/></transition></state>"
                + "<state id='b'><transition event='go' cond='n % 2 == 1 || n &gt;= 0' target='a'/></state></scxml>", "counter");
        Machine m = started(chart);
        assertThat(dispatchBytes(m, new String[] {"go"}, null)).isZero();
        assertThat(m.data("n").longValue()).isEqualTo(80_000L);
    }
}
