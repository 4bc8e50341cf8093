package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Evaluating numbers, booleans, variable reads and writes, comparisons of strings already stored, {@code In()}
 * and event member reads allocates nothing: measured with the thread's allocation counter.
 */
class AllocationTest {
    private static final int RUNS = 200_000;
    /**
     * Far below one object per evaluation (16+ bytes x RUNS = 3.2 MB); leaves room for one-off allocations of
     * the JVM itself (deoptimisation, class initialisation) on this thread.
     */
    private static final long BUDGET_BYTES = 64 * 1024;

    /** Looked up once: the lookup itself allocates (about 800 bytes). */
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /** Bytes allocated by {@code RUNS} calls of {@code body}, after a warm-up. */
    private static long allocationOf(Runnable body) {
        for (int i = 0; i < 20_000; i++) {
            body.run();
        }
        long before = allocatedBytes();
        for (int i = 0; i < RUNS; i++) {
            body.run();
        }
        long bytes = allocatedBytes() - before;
        System.out.println("AllocationTest " + Thread.currentThread().getStackTrace()[2].getMethodName() + ": " + bytes + " bytes over " + RUNS + " evaluations");
        return bytes;
    }

    @Test
    void btcppScriptsAllocateNothing() {
        StrictScope bb = new StrictScope();
        bb.set("n", 7).set("s", "abc").set("flag", false).set("d", 0.5);
        CompiledExpression script = Expressions.compile(
                "x := 5; y := x + 1; cnt := 0; cnt += 2; d *= 1.0001; r := y == x ? 'T' : 'F'; flag = !flag", bb, Dialect.BTCPP);
        CompiledExpression condition = Expressions.compile(
                "n == 7 && s == 'abc' && 1 < 2 < 3 && y > x && (0x10 & 3) == 0 && r != 'T'", bb, Dialect.BTCPP);
        CompiledExpression number = Expressions.compile("(y - x) * 2.5 / 0.5 % 7", bb, Dialect.BTCPP);
        CompiledExpression into = Expressions.compile("n + 1", bb, Dialect.BTCPP);
        StrictScope.Entry target = bb.variable("target");
        target.setLong(0);

        long bytes = allocationOf(() -> {
            script.execute();
            if (!condition.evalBoolean()) {
                throw new AssertionError("condition should hold");
            }
            if (number.evalDouble() != 5.0) {
                throw new AssertionError("number should be 5");
            }
            into.evalInto(target);
        });

        assertThat(bb.get("y")).isEqualTo(6.0);
        assertThat(bb.get("target")).isEqualTo(8L);
        assertThat(bytes).as("bytes allocated by %d evaluations", RUNS).isLessThan(BUDGET_BYTES);
    }

    @Test
    void ecmascriptConditionsAndAssignmentsAllocateNothing() {
        Set<String> active = Set.of("s0", "sh1");
        Map<String, Object> data = new HashMap<>();
        data.put("x", 3L);
        MemberAccess event = name -> {
            switch (name) {
                case "name": return "foo";
                case "data": return data;
                default: return Expressions.UNDEFINED;
            }
        };
        MapScope dm = new MapScope().function("In", 1, args -> active.contains(args[0]));
        dm.declare("Var1", 0L);
        dm.declare("_event", event);
        CompiledExpression inc = Expressions.compileAssignment("Var1", "Var1 + 1", dm, Dialect.ECMASCRIPT);
        CompiledExpression cond = Expressions.compile(
                "In('sh1') && !In('s9') && typeof _event.sendid === 'undefined' && _event.name == 'foo'"
                        + " && _event.data.x === 3 && _event.data['x'] >= 1 && Var1 > 0 && Var1 != '0'", dm, Dialect.ECMASCRIPT);

        long bytes = allocationOf(() -> {
            inc.execute();
            if (!cond.evalBoolean()) {
                throw new AssertionError("condition should hold");
            }
        });

        assertThat((Long) dm.get("Var1")).isEqualTo(220_000L);
        assertThat(bytes).as("bytes allocated by %d evaluations", RUNS).isLessThan(BUDGET_BYTES);
    }

    @Test
    void theMeasurementSeesAllocation() {
        MapScope dm = new MapScope();
        dm.declare("s", "a");
        CompiledExpression concat = Expressions.compile("s + 'b'", dm, Dialect.ECMASCRIPT);
        long bytes = allocationOf(concat::execute);
        assertThat(bytes).isGreaterThan(RUNS * 16L);
    }
}
