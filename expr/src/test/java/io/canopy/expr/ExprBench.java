package io.canopy.expr;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A small throughput harness (not a unit test): nanoseconds per evaluation of typical scripts. Run after
 * {@code mvn -o -pl expr -am test-compile}:
 * {@code java -cp bt-runtime/target/classes:bt-runtime/target/test-classes io.canopy.expr.ExprBench}.
 */
public final class ExprBench {
    private static volatile long sink;

    private interface Body {
        long run();
    }

    public static void main(String[] args) {
        long warmupMs = args.length > 0 ? Long.parseLong(args[0]) : 2000;
        long measureMs = args.length > 1 ? Long.parseLong(args[1]) : 1000;
        only = args.length > 2 ? args[2] : null;

        StrictScope bb = new StrictScope();
        bb.set("x", 3).set("y", 5).set("n", 7).set("s", "abc").set("cnt", 0);
        CompiledExpression greater = Expressions.compile("x > y", bb, Dialect.BTCPP);
        CompiledExpression and = Expressions.compile("n == 7 && s == 'abc'", bb, Dialect.BTCPP);
        CompiledExpression inc = Expressions.compile("cnt += 1", bb, Dialect.BTCPP);
        CompiledExpression script = Expressions.compile("a := 3; b := a + 1; r := b == a ? 'T' : 'F'", bb, Dialect.BTCPP);

        Set<String> active = Set.of("s0", "sh1");
        Map<String, Object> data = new HashMap<>();
        data.put("x", 3L);
        MemberAccess event = name -> "data".equals(name) ? data : Expressions.UNDEFINED;
        MapScope dm = new MapScope().function("In", 1, a -> active.contains(a[0]));
        dm.declare("Var1", 0L);
        dm.declare("_event", event);
        CompiledExpression in = Expressions.compile("In('sh1')", dm, Dialect.ECMASCRIPT);
        CompiledExpression assign = Expressions.compileAssignment("Var1", "Var1 + 1", dm, Dialect.ECMASCRIPT);
        CompiledExpression member = Expressions.compile("_event.data.x === 3", dm, Dialect.ECMASCRIPT);
        CompiledExpression typeOf = Expressions.compile("typeof _event.sendid === 'undefined'", dm, Dialect.ECMASCRIPT);

        System.out.printf("%-55s %10s%n", "script (dialect, method)", "ns/eval");
        report("x > y  (BTCPP, evalBoolean)", () -> greater.evalBoolean() ? 1 : 0, warmupMs, measureMs);
        report("n == 7 && s == 'abc'  (BTCPP, evalBoolean)", () -> and.evalBoolean() ? 1 : 0, warmupMs, measureMs);
        report("cnt += 1  (BTCPP, execute)", () -> {
            inc.execute();
            return 1;
        }, warmupMs, measureMs);
        report("a := 3; b := a + 1; r := b == a ? 'T' : 'F'  (BTCPP)", () -> {
            script.execute();
            return 1;
        }, warmupMs, measureMs);
        report("In('sh1')  (ECMASCRIPT, evalBoolean)", () -> in.evalBoolean() ? 1 : 0, warmupMs, measureMs);
        report("<assign location=Var1 expr=Var1 + 1>  (ECMASCRIPT)", () -> {
            assign.execute();
            return 1;
        }, warmupMs, measureMs);
        report("_event.data.x === 3  (ECMASCRIPT, evalBoolean)", () -> member.evalBoolean() ? 1 : 0, warmupMs, measureMs);
        report("typeof _event.sendid === 'undefined'  (ECMASCRIPT)", () -> typeOf.evalBoolean() ? 1 : 0, warmupMs, measureMs);
    }

    private static String only;

    private static void report(String name, Body body, long warmupMs, long measureMs) {
        if (only != null && !name.contains(only)) {
            return;
        }
        loop(body, warmupMs);
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            best = Math.min(best, loop(body, measureMs));
        }
        System.out.printf("%-55s %10.1f%n", name, best);
    }

    /** Runs {@code body} for about {@code ms} milliseconds; returns ns per call. */
    private static double loop(Body body, long ms) {
        long calls = 0;
        long acc = 0;
        long start = System.nanoTime();
        long end = start + ms * 1_000_000;
        long now;
        do {
            for (int i = 0; i < 10_000; i++) {
                acc += body.run();
            }
            calls += 10_000;
            now = System.nanoTime();
        } while (now - end < 0);
        sink = acc;
        return (double) (now - start) / calls;
    }
}
