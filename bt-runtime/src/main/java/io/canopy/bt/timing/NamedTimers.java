package io.canopy.bt.timing;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.TreeContext;
import io.canopy.expr.ValueKind;
import java.util.HashMap;
import java.util.Map;

/**
 * The named timers of one tree: for each name, the instant (ns on the tree's clock) the last timer with that
 * name completed, kept in the root blackboard entry {@code _timer.<name>} so scripts can read it. A per-tree
 * service ({@link #of}); a name met for the first time at tick time (a computed name) allocates its entry
 * once, later lookups allocate nothing.
 */
public final class NamedTimers {
    private final Map<String, Entry> completions = new HashMap<>();
    private Blackboard root;

    /** The named timers of the tree of {@code context}, made and registered with it on first use. */
    public static NamedTimers of(TreeContext context) {
        return context.extension(NamedTimers.class, NamedTimers::new);
    }

    /** Remembers the tree's root blackboard (timer nodes call it when the tree is built). */
    void bind(Blackboard blackboard) {
        if (root == null) {
            root = blackboard.root();
        }
    }

    /** The entry holding the last completion instant of timer {@code name}. */
    Entry completion(String name) {
        Entry e = completions.get(name);
        if (e == null) {
            e = root.entry("_timer." + name, ValueKind.LONG);
            completions.put(name, e);
        }
        return e;
    }
}
