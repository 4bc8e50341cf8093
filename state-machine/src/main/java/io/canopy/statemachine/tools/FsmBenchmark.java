package io.canopy.statemachine.tools;

import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.build.StatechartBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;

/**
 * The dispatch benchmark of {@code canopy bench fsm} (the machines of the peers' published figures): a two-state
 * toggle on {@code flip}, and a hierarchical machine of 10 states in 3 levels whose {@code next} event cycles
 * through its six leaf states crossing levels and whose {@code up} event is handled only by the two
 * top-level states. Measures nanoseconds and allocated bytes per event on the calling thread.
 */
public final class FsmBenchmark {
    /** One measured case. */
    public static final class Result {
        private final String name;
        private final double nsPerEvent;
        private final double bytesPerEvent;
        private final long events;

        Result(String name, double nsPerEvent, double bytesPerEvent, long events) {
            this.name = name;
            this.nsPerEvent = nsPerEvent;
            this.bytesPerEvent = bytesPerEvent;
            this.events = events;
        }

        public String name() {
            return name;
        }

        public double nsPerEvent() {
            return nsPerEvent;
        }

        public double allocBytesPerEvent() {
            return bytesPerEvent;
        }

        public long events() {
            return events;
        }
    }

    private FsmBenchmark() {}

    /** Two states, {@code off} and {@code on}, toggled by {@code flip}. */
    public static Statechart toggle() {
        StatechartBuilder b = new StatechartBuilder("toggle");
        b.state("off").on("flip", "on");
        b.state("on").on("flip", "off");
        return b.build();
    }

    /**
     * Ten states in three levels: {@code A{A1{a11,a12},a2}} and {@code B{B1{b11,b12},b2}}. {@code next}
     * cycles a11, a12, a2, b11, b12, b2 (transitions on the leaves, crossing levels); {@code up} is
     * handled by A (to B) and B (to A) only.
     */
    public static Statechart hierarchical() {
        StatechartBuilder b = new StatechartBuilder("hierarchical");
        StatechartBuilder.StateBuilder a = b.state("A");
        a.on("up", "B");
        StatechartBuilder.StateBuilder a1 = a.state("A1");
        a1.state("a11").on("next", "a12");
        a1.state("a12").on("next", "a2");
        a.state("a2").on("next", "b11");
        StatechartBuilder.StateBuilder bb = b.state("B");
        bb.on("up", "A");
        StatechartBuilder.StateBuilder b1 = bb.state("B1");
        b1.state("b11").on("next", "b12");
        b1.state("b12").on("next", "b2");
        bb.state("b2").on("next", "a11");
        return b.build();
    }

    /**
     * Not one of the anchor machines: a toggle whose transitions run user code (an ECMAScript condition and an
     * assignment), to show the cost when the interpreter cannot skip the work.
     */
    public static Statechart guardedCounter() {
        return ScxmlLoader.parse("<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript'>"
                + "<datamodel><data id='n' expr='0'/></datamodel>"
                + "<state id='off'><transition event='flip' cond='n &gt;= 0' target='on'>"
                + "<assign location='n' expr='n + 1'/></transition></state>"
                + "<state id='on'><transition event='flip' target='off'/></state></scxml>", "guarded-counter");
    }

    /** Fires {@code event} {@code events} times after {@code warmup} untimed ones, and measures. */
    public static Result measure(String name, Machine machine, String event, long warmup, long events) {
        return measure(name, machine, event, null, warmup, events);
    }

    /** The same with a prepared payload ({@code _event.data}) on every event. */
    public static Result measure(String name, Machine machine, String event, Object data, long warmup, long events) {
        int cls = machine.chart().eventClass(event);
        for (long i = 0; i < warmup; i++) {
            machine.fire(event, cls, data);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean sun = threads instanceof com.sun.management.ThreadMXBean
                ? (com.sun.management.ThreadMXBean) threads : null;
        long tid = Thread.currentThread().getId();
        long bytes0 = sun == null ? 0 : sun.getThreadAllocatedBytes(tid);
        long t0 = System.nanoTime();
        for (long i = 0; i < events; i++) {
            machine.fire(event, cls, data);
        }
        long t1 = System.nanoTime();
        long bytes1 = sun == null ? 0 : sun.getThreadAllocatedBytes(tid);
        return new Result(name, (t1 - t0) / (double) events, sun == null ? Double.NaN : (bytes1 - bytes0) / (double) events,
                events);
    }

    /**
     * Fires a cycle of events ({@code names[i]} with {@code data[i]}) over and over: {@code warmup} untimed,
     * then {@code events} measured (ns and allocated bytes per event on the calling thread).
     */
    public static Result measureCycle(String name, Machine machine, String[] names, Object[] data, long warmup,
            long events) {
        int[] classes = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            classes[i] = machine.chart().eventClass(names[i]);
        }
        int k = 0;
        for (long i = 0; i < warmup; i++) {
            machine.fire(names[k], classes[k], data[k]);
            k = k + 1 == names.length ? 0 : k + 1;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean sun = threads instanceof com.sun.management.ThreadMXBean
                ? (com.sun.management.ThreadMXBean) threads : null;
        long tid = Thread.currentThread().getId();
        long bytes0 = sun == null ? 0 : sun.getThreadAllocatedBytes(tid);
        long t0 = System.nanoTime();
        for (long i = 0; i < events; i++) {
            machine.fire(names[k], classes[k], data[k]);
            k = k + 1 == names.length ? 0 : k + 1;
        }
        long t1 = System.nanoTime();
        long bytes1 = sun == null ? 0 : sun.getThreadAllocatedBytes(tid);
        return new Result(name, (t1 - t0) / (double) events, sun == null ? Double.NaN : (bytes1 - bytes0) / (double) events,
                events);
    }

    /** The floor: a plain precompiled int table toggled by one array read per event (no semantics at all). */
    private static final int[][] TABLE = {{1}, {0}};
    private static int tableState;

    static Result measureTable(long warmup, long events) {
        for (long i = 0; i < warmup; i++) {
            tableState = TABLE[tableState][0];
        }
        long t0 = System.nanoTime();
        for (long i = 0; i < events; i++) {
            tableState = TABLE[tableState][0];
        }
        long t1 = System.nanoTime();
        return new Result("baseline/int-table", (t1 - t0) / (double) events, 0, events);
    }

    /** The three cases of the README table, each on a fresh started machine, then the int-table floor. */
    public static Result[] runAll(long warmup, long events) {
        MachineContext context = new MachineContext(null);
        Machine toggle = toggle().newMachine(context);
        toggle.start();
        Machine next = hierarchical().newMachine(context);
        next.start();
        Machine up = hierarchical().newMachine(context);
        up.start();
        Machine guarded = guardedCounter().newMachine(context);
        guarded.start();
        Machine withData = toggle().newMachine(context);
        withData.start();
        Object payload = Map.of("speed", 0.5, "mode", "auto");
        return new Result[] {
            measure("toggle/flip", toggle, "flip", warmup, events),
            measure("hierarchical/next", next, "next", warmup, events),
            measure("hierarchical/up", up, "up", warmup, events),
            measure("toggle/flip+data", withData, "flip", payload, warmup, events),
            measure("guarded-counter/flip", guarded, "flip", warmup, events),
            measureTable(warmup, events)
        };
    }
}
