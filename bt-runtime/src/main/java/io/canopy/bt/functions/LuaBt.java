package io.canopy.bt.functions;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeBuilder;
import io.canopy.bt.TreeContext;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.SystemNanoClock;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * luabt's {@code create}: a tree described by nested composites whose leaves are bare Java lambdas returning
 * a {@link Status} (luabt's closures; RUNNING is luabt's {@code true}, SUCCESS/FAILURE its {@code false,
 * true/false}). Built with the {@link TreeBuilder} on these node types:
 *
 * <table>
 *   <caption>luabt composites</caption>
 *   <tr><th>luabt</th><th>here</th><th>BT.CPP node</th></tr>
 *   <tr><td>sequence</td><td>{@link #sequence}</td><td>ReactiveSequence (re-ticks from the first child)</td></tr>
 *   <tr><td>selector</td><td>{@link #selector}</td><td>ReactiveFallback</td></tr>
 *   <tr><td>sequence*</td><td>{@link #sequenceStar}</td><td>{@link SequenceStar} (resumes the running child,
 *       also after a halt; restarts after a completion)</td></tr>
 *   <tr><td>selector*</td><td>{@link #selectorStar}</td><td>{@link SelectorStar}</td></tr>
 *   <tr><td>not</td><td>{@link #not}</td><td>Inverter</td></tr>
 * </table>
 *
 * <pre>{@code
 * Tree walker = LuaBt.create(LuaBt.sequence(
 *         () -> { log(location); return Status.SUCCESS; },
 *         LuaBt.selector(() -> atTarget() ? Status.SUCCESS : Status.FAILURE,
 *                        () -> { step(); return Status.RUNNING; })));
 * while (walker.tickExactlyOnce() == Status.RUNNING) { }
 * }</pre>
 * The lambdas are allocated once, when the tree is described; ticking allocates nothing of its own.
 */
public final class LuaBt {
    private LuaBt() {}

    /** A node of a description: a lambda leaf (its tick), or a composite made by this class. */
    @FunctionalInterface
    public interface LuaNode extends Supplier<Status> {}

    /** A composite of a description (ticked by the tree it is built into, never called itself). */
    public static final class Desc implements LuaNode {
        private final String type;
        private final LuaNode[] children;
        private final Supplier<Status> leaf;

        private Desc(String type, LuaNode[] children, Supplier<Status> leaf) {
            this.type = type;
            this.children = children;
            this.leaf = leaf;
        }

        @Override
        public Status get() {
            throw new UnsupportedOperationException("a luabt composite is ticked by the tree built from it");
        }
    }

    /** A leaf: the lambda is the node's tick. */
    public static Desc leaf(Supplier<Status> function) {
        return new Desc(null, null, Objects.requireNonNull(function, "function"));
    }

    /** Children are composites or lambdas. */
    public static Desc sequence(LuaNode... children) {
        return new Desc("ReactiveSequence", children, null);
    }

    public static Desc selector(LuaNode... children) {
        return new Desc("ReactiveFallback", children, null);
    }

    public static Desc sequenceStar(LuaNode... children) {
        return new Desc("SequenceStar", children, null);
    }

    public static Desc selectorStar(LuaNode... children) {
        return new Desc("SelectorStar", children, null);
    }

    public static Desc not(LuaNode child) {
        return new Desc("Inverter", new LuaNode[] {child}, null);
    }

    /** Builds the tree on the system clock with seed 0. */
    public static Tree create(Desc root) {
        return create(root, new TreeContext(new DeadlineTimerQueue(SystemNanoClock.INSTANCE), 0L));
    }

    /** Builds the tree on {@code context} (a manual clock in tests). */
    public static Tree create(Desc root, TreeContext context) {
        TreeBuilder builder = new TreeBuilder(NodeRegistry.withBuiltins());
        int[] next = {0};
        TreeBuilder.NodeDef def = define(root, builder, next);
        return builder.tree("luabt", def).build(Blackboard.create(), context);
    }

    private static TreeBuilder.NodeDef define(LuaNode node, TreeBuilder builder, int[] next) {
        Objects.requireNonNull(node, "a luabt node is a composite or a lambda, not null");
        Desc d = node instanceof Desc desc ? desc : leaf(node);
        if (d.leaf != null) {
            String id = "leaf" + (++next[0]);
            builder.action(id, d.leaf);
            return TreeBuilder.node(id);
        }
        if (d.children.length == 0) {
            throw new IllegalArgumentException("a luabt " + d.type + " needs at least one child");
        }
        TreeBuilder.NodeDef def = TreeBuilder.node(d.type);
        for (LuaNode c : d.children) {
            def.child(define(c, builder, next));
        }
        return def;
    }
}
