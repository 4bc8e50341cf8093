package io.canopy.bt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.bench.BenchLeaves;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** With an observer attached and a reader draining it on another thread, the tick still allocates nothing. */
class ObservedTickAllocationTest {
    @Test
    void observedTicksAllocateNothing() throws Exception {
        observedTicks(null);
    }

    /** The same with each tick timed and the Perfetto JSON written from another thread (--trace-json). */
    @Test
    void tracedTicksAllocateNothing(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        observedTicks(dir.resolve("trace.json"));
        assertThat(java.nio.file.Files.size(dir.resolve("trace.json"))).isGreaterThan(100_000);
    }

    private void observedTicks(java.nio.file.Path traceJson) throws Exception {
        ObservedTrees trees = new ObservedTrees();
        BenchLeaves.register(trees.registry);
        trees.blackboard.set("target", 42L);
        trees.blackboard.set("n", 0L);
        Tree tree = trees.load(ObservedTrees.tree("""
                <ReactiveSequence>
                  <AlwaysTrue _skipIf="n &lt; 0" _onSuccess="n := n + 1"/>
                  <ScriptCondition code="n &gt;= 0 &amp;&amp; target == 42"/>
                  <Sequence>
                    <CopyPort in="{target}" out="{copy}"/>
                    <Fallback><AlwaysFalse/><AlwaysTrue/></Fallback>
                    <Timeout msec="1000"><RunForever/></Timeout>
                  </Sequence>
                </ReactiveSequence>"""));
        TreeObserver observer = TreeObserver.attach(tree, 1024);
        TransitionRing.Reader reader = observer.reader();
        TraceJson trace = traceJson == null ? null : TraceJson.open(traceJson, trees.clock);
        if (trace != null) {
            trace.addTree(observer);
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong read = new AtomicLong();
        Thread drainer = new Thread(() -> {
            TransitionBatch batch = new TransitionBatch(256);
            while (!stop.get()) {
                read.addAndGet(reader.poll(batch));
                if (trace != null) {
                    trace.drain();
                }
                Thread.onSpinWait();
            }
        });
        drainer.start();
        try {
            for (int i = 0; i < 20_000; i++) {
                tree.tickExactlyOnce();
            }
            com.sun.management.ThreadMXBean mx =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            long least = Long.MAX_VALUE;
            for (int window = 0; window < 50 && least > 0; window++) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 10_000; i++) {
                    tree.tickExactlyOnce();
                }
                least = Math.min(least, mx.getThreadAllocatedBytes(tid) - before);
            }
            assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
            assertThat(least).as("bytes allocated by 10,000 observed ticks").isZero();
        } finally {
            stop.set(true);
            drainer.join();
            if (trace != null) {
                trace.close();
            }
        }
        TransitionBatch rest = new TransitionBatch(256);
        for (int n; (n = reader.poll(rest)) > 0; ) {
            read.addAndGet(n);
        }
        // the tree changes status every tick (AlwaysTrue, Fallback children reset), so transitions flowed,
        // and every one written was either read or counted as lost: none vanished
        assertThat(observer.ring().written()).isGreaterThan(100_000);
        assertThat(read.get() + reader.lost()).isEqualTo(observer.ring().written());
    }
}
