package io.canopy.bt;

import io.canopy.bt.script.CompiledCode;
import java.util.function.Consumer;

/**
 * A built behavior tree: its root, root blackboard and context. Tick it with {@link #tickExactlyOnce()}
 * (one tick of the root; what a timer binding does) or {@link #tickOnce()} (ticks again at once while RUNNING
 * and a node asked for a wake-up). After a root SUCCESS or FAILURE the root is reset, so the next tick
 * starts a fresh run. Only the tick thread uses a tree.
 */
public final class Tree {
    private final String id;
    private final Node root;
    private final Node[] nodes;
    private final Blackboard blackboard;
    private final TreeContext context;
    private NodeObserver observer;

    public Tree(String id, Node root, Node[] nodes, Blackboard blackboard, TreeContext context) {
        this.id = id;
        this.root = root;
        this.nodes = nodes;
        this.blackboard = blackboard;
        this.context = context;
    }

    /** One tick of the root (BT.CPP {@code tickExactlyOnce}). */
    public Status tickExactlyOnce() {
        NodeObserver o = observer;
        if (o != null) {
            o.tickStarted();
        }
        context.beginTick();
        Node r = root;
        Status s = r.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            r.setState(Node.IDLE);
        }
        context.endTick(blackboard);
        if (o != null) {
            o.tickEnded();
        }
        return s;
    }

    /** Ticks the root, and again at once while it is RUNNING and a wake-up was emitted (BT.CPP tickOnce). */
    public Status tickOnce() {
        NodeObserver o = observer;
        if (o != null) {
            o.tickStarted();
        }
        context.beginTick();
        Node r = root;
        Status s = r.executeTick();
        while (s == Status.RUNNING && context.consumeWakeUp()) {
            s = r.executeTick();
        }
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            r.setState(Node.IDLE);
        }
        context.endTick(blackboard);
        if (o != null) {
            o.tickEnded();
        }
        return s;
    }

    /**
     * Halts the whole tree (BT.CPP {@code haltTree}): halts the root, then calls {@code haltNode} on every node
     * (so {@code _onHalted} scripts run even on idle nodes), then resets the root.
     */
    public void haltTree() {
        root.haltNode();
        for (Node n : nodes) {
            n.haltNode();
        }
        root.setState(Node.IDLE);
    }

    /**
     * Makes every node report its status changes to {@code o} (null stops it), numbering the nodes by their
     * depth-first index ({@link #forEachNode} order, from 0). Call from the tick thread or before ticking.
     */
    public void observe(NodeObserver o) {
        for (int i = 0; i < nodes.length; i++) {
            nodes[i].uid = i;
            nodes[i].observer = o;
        }
        observer = o;
    }

    /** The root's status: IDLE between runs, RUNNING while a run is in progress. */
    public Status status() {
        return root.status();
    }

    public String id() {
        return id;
    }

    public Node root() {
        return root;
    }

    public Blackboard blackboard() {
        return blackboard;
    }

    public TreeContext context() {
        return context;
    }

    /** Number of nodes, SubTree contents included. */
    public int nodeCount() {
        return nodes.length;
    }

    /**
     * Makes every node count its ticks into the returned cell (for benchmarks and tests: counting costs a
     * little per node tick; build a separate tree for timing). Semantics are unchanged.
     */
    public long[] countNodeTicks() {
        long[] counter = new long[1];
        for (Node n : nodes) {
            if (n.hooks == null) {
                n.hooks = new Hooks(new CompiledCode[Hooks.ATTRIBUTES.length]);
            }
            n.hooks.tickCounter = counter;
        }
        return counter;
    }

    /** Visits every node depth-first (SubTree contents included). */
    public void forEachNode(Consumer<Node> visitor) {
        for (Node n : nodes) {
            visitor.accept(n);
        }
    }
}
