package io.canopy.bt.observe;

import io.canopy.bt.Tree;
import io.canopy.bt.bench.BenchLeaves;

/**
 * Quick sanity figure (not a test): ns per tick of the same tree unobserved, observed, and observed with a
 * reader draining on another thread. Run: java -cp test-classes:classes:deps io.canopy.bt.observe.ObserverOverheadBench
 */
public final class ObserverOverheadBench {
    private static final String XML = ObservedTrees.tree("""
            <ReactiveSequence>
              <AlwaysTrue/>
              <Sequence>
                <AlwaysTrue/><AlwaysTrue/>
                <Fallback><AlwaysFalse/><AlwaysFalse/><AlwaysTrue/></Fallback>
                <Inverter><AlwaysFalse/></Inverter>
                <RunForever/>
              </Sequence>
            </ReactiveSequence>""");

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        if (args.length > 1 && args[1].equals("none")) {
            for (int r = 0; r < rounds; r++) {
                System.out.printf("round %d: none %.1f ns/tick%n", r, run(false, false));
            }
            return;
        }
        for (int r = 0; r < rounds; r++) {
            System.out.printf("round %d: none %.1f ns/tick, observed %.1f, observed+reader %.1f (%.1f transitions/tick)%n",
                    r, run(false, false), run(true, false), run(true, true), transitionsPerTick());
        }
    }

    private static double transitionsPerTick() {
        ObservedTrees t = new ObservedTrees();
        BenchLeaves.register(t.registry);
        Tree tree = t.load(XML);
        TreeObserver o = TreeObserver.attach(tree);
        for (int i = 0; i < 1000; i++) {
            tree.tickExactlyOnce();
        }
        return o.ring().written() / 1000.0;
    }

    private static double run(boolean observe, boolean read) throws Exception {
        ObservedTrees t = new ObservedTrees();
        BenchLeaves.register(t.registry);
        Tree tree = t.load(XML);
        TreeObserver o = observe ? TreeObserver.attach(tree) : null;
        Thread reader = null;
        if (read) {
            TransitionRing.Reader rd = o.reader();
            reader = new Thread(() -> {
                TransitionBatch b = new TransitionBatch(4096);
                // as the monitor thread does: drain, then sleep a while (1 ms here, 10 ms in canopy run)
                while (!Thread.currentThread().isInterrupted()) {
                    while (rd.poll(b) > 0) {
                        // drained
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            reader.setDaemon(true);
            reader.start();
        }
        for (int i = 0; i < 200_000; i++) {
            tree.tickExactlyOnce();
        }
        int n = 2_000_000;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            tree.tickExactlyOnce();
        }
        long ns = System.nanoTime() - t0;
        if (reader != null) {
            reader.interrupt();
            reader.join();
        }
        return (double) ns / n;
    }
}
