package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.bench.BenchLeaves;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The tick path allocates nothing: ports, scripts, hooks, reactive halting and timers included. */
class ZeroAllocationTest {
    @Test
    void steadyStateTicksAllocateNothing() {
        Trees trees = new Trees();
        BenchLeaves.register(trees.registry);
        trees.blackboard.set("target", 42L);
        trees.blackboard.set("n", 0L);
        Tree tree = trees.load(Trees.tree("""
                <ReactiveSequence>
                  <AlwaysTrue _skipIf="n &lt; 0" _onSuccess="n := n + 1"/>
                  <ScriptCondition code="n &gt;= 0 &amp;&amp; target == 42"/>
                  <Sequence>
                    <CopyPort in="{target}" out="{copy}"/>
                    <Switch2 variable="{mode}" case_1="a" case_2="b">
                      <AlwaysTrue/><AlwaysFalse/><AlwaysTrue/>
                    </Switch2>
                    <Timeout msec="1000"><RunForever/></Timeout>
                  </Sequence>
                </ReactiveSequence>"""));
        trees.blackboard.set("mode", "a");
        for (int i = 0; i < 20_000; i++) {
            tree.tickExactlyOnce();
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        // Windows of 10,000 ticks until one allocates nothing: the JIT may still be compiling (and
        // rematerialise scalar-replaced objects once when it deoptimises) on a loaded machine.
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 50 && least > 0; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 10_000; i++) {
                tree.tickExactlyOnce();
            }
            least = Math.min(least, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(trees.blackboard.find("copy").longValue()).isEqualTo(43);
        assertThat(least).as("bytes allocated by 10,000 steady-state ticks").isZero();
    }
}
