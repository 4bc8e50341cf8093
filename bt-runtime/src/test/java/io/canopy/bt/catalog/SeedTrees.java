package io.canopy.bt.catalog;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Test helper for the seed families: trees on a manual clock, with scripted leaves that count ticks and halts. */
public final class SeedTrees {
    public final ManualNanoClock clock = new ManualNanoClock();
    public final DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
    public final Blackboard blackboard = Blackboard.create();
    public final NodeRegistry registry = NodeRegistry.withBuiltins();
    public final List<String> trace = new ArrayList<>();
    private final Map<String, Leaf> leaves = new HashMap<>();
    private long seed = 1L;

    public SeedTrees seed(long s) {
        seed = s;
        return this;
    }

    /** Registers leaf {@code id} returning {@code returns[i]} on its i-th tick (the last one repeats). */
    public SeedTrees leaf(String id, Status... returns) {
        Leaf l = new Leaf(id, returns);
        leaves.put(id, l);
        registry.register(NodeType.action(id, init -> new ScriptedNode(init, l)));
        return this;
    }

    public int ticks(String id) {
        return leaves.get(id).ticks;
    }

    public int halts(String id) {
        return leaves.get(id).halts;
    }

    public Tree load(String body) {
        return new XmlTreeLoader(registry).loadText(tree(body), blackboard, new TreeContext(timers, seed));
    }

    public void advanceMs(long ms) {
        clock.advanceNs(ms * 1_000_000L);
        timers.poll(clock.nanoTime());
    }

    public static String tree(String body) {
        return "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"Main\">\n" + body + "\n</BehaviorTree>\n</root>";
    }

    /** Ticks {@code n} times ({@code tickExactlyOnce}) and returns the statuses. */
    public static List<Status> tick(Tree tree, int n) {
        List<Status> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(tree.tickExactlyOnce());
        }
        return out;
    }

    final class Leaf {
        final String id;
        final Status[] returns;
        int ticks;
        int halts;

        Leaf(String id, Status[] returns) {
            this.id = id;
            this.returns = returns;
        }

        SeedTrees owner() {
            return SeedTrees.this;
        }

        Status next() {
            Status s = returns[Math.min(ticks, returns.length - 1)];
            ticks++;
            trace.add(id + ":" + s);
            return s;
        }
    }

    static final class ScriptedNode extends Node {
        private final Leaf leaf;

        ScriptedNode(NodeInit init, Leaf leaf) {
            super(init);
            this.leaf = leaf;
        }

        @Override
        protected Status tick() {
            return leaf.next();
        }

        @Override
        protected void halt() {
            if (status() == Status.RUNNING) {
                leaf.halts++;
                leaf.owner().trace.add(leaf.id + ":HALT");
            }
            super.halt();
        }
    }
}
