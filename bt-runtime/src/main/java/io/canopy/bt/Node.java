package io.canopy.bt;

/**
 * A node of a behavior tree, with BehaviorTree.CPP v4 semantics.
 *
 * <p>{@link #executeTick()} runs the pre-conditions (only when the node has {@code _xxx} attributes: a plain
 * node pays one null check), then {@link #tick()}, then the post-conditions, and stores the status (SKIPPED
 * is returned to the parent but the node stays IDLE). {@link #haltNode()} calls {@link #halt()} (which halts
 * RUNNING children first) and then runs {@code _onHalted}. A parent halts only RUNNING children; the others
 * are just reset to IDLE.
 *
 * <p>Subclass {@link ControlNode}, {@link DecoratorNode}, {@link StatefulAction}, or this class directly for a
 * synchronous leaf; give the class a {@link NodeType} constant and register it with one line.
 */
public abstract class Node {
    /** Status ordinals: stored as a byte, not a reference, so storing it costs no GC write barrier. */
    static final byte IDLE = 0;
    static final byte RUNNING = 1;
    private static final Status[] STATUSES = Status.values();

    byte state = IDLE;
    public Hooks hooks;
    /** Told of every status change while the tree is observed ({@link Tree#observe}); null otherwise. */
    NodeObserver observer;
    /** This node's index in the tree's depth-first order, set by {@link Tree#observe}. */
    int uid;
    private final String name;
    private final NodeType type;
    /** Where the node was declared; kept as parts (the file name is shared) so nodes stay small. */
    private final String file;
    private final int line;
    private final int column;
    /** The tree's clock, timers, random source and wake-up signal. */
    protected final TreeContext context;

    protected Node(NodeInit init) {
        this.name = init.name();
        this.type = init.type();
        this.file = init.file();
        this.line = init.line();
        this.column = init.column();
        this.context = init.context();
    }

    /** Ticks this node with its pre- and post-conditions; returns RUNNING, SUCCESS, FAILURE or SKIPPED. */
    public final Status executeTick() {
        try {
            Hooks h = hooks;
            if (h != null) {
                return h.executeTick(this);
            }
            Status s = tick();
            if (s != Status.SKIPPED) {
                setState((byte) s.ordinal());
            } else if (observer != null) {
                observer.statusChanged(uid, Status.SKIPPED.ordinal());
            }
            return s;
        } catch (TreeTickException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TreeTickException(this, e);
        }
    }

    /** This node's own logic. Must not return IDLE. */
    protected abstract Status tick();

    /**
     * Stops this node: a control halts its RUNNING children, a stateful action runs {@code onHalted}. The
     * default (a synchronous leaf) just resets the status. Overrides must leave the status IDLE.
     */
    protected void halt() {
        setState(IDLE);
    }

    /** {@link #halt()} then the {@code _onHalted} script (BT.CPP {@code haltNode}). */
    public final void haltNode() {
        halt();
        Hooks h = hooks;
        if (h != null) {
            h.onHalted();
        }
    }

    public final Status status() {
        return STATUSES[state];
    }

    /** True while the node is RUNNING. */
    public final boolean isRunning() {
        return state == RUNNING;
    }

    /** True when the node is IDLE (not started, reset, or skipped). */
    public final boolean isIdle() {
        return state == IDLE;
    }

    /** Sets the status to IDLE without halting (BT.CPP {@code resetStatus}). */
    protected final void resetStatus() {
        setState(IDLE);
    }

    /** The one place a status is stored: tells the observer of a change, if any (one null check otherwise). */
    final void setState(byte s) {
        NodeObserver o = observer;
        if (o != null && state != s) {
            o.statusChanged(uid, s);
        }
        state = s;
    }

    /** Halts {@code child} if it is RUNNING, then resets it to IDLE. */
    protected static void haltAndReset(Node child) {
        if (child.state == RUNNING) {
            child.haltNode();
        }
        child.setState(IDLE);
    }

    /**
     * Resets a child that just completed synchronously to IDLE, as the parent's reset at the end of its run
     * would (cheaper while the child is still in cache). Only for a child whose status nobody reads before
     * that reset.
     */
    protected static void resetCompleted(Node child) {
        child.setState(IDLE);
    }

    /** The instance name ({@code name} attribute, else the type ID). */
    public final String name() {
        return name;
    }

    /** The registered type ID ({@code Sequence}, {@code MoveBase}, {@code SubTree}). */
    public final String typeId() {
        return type.id();
    }

    public final NodeType type() {
        return type;
    }

    /** Where the node was declared ({@code file:line:column}), or empty for trees built in code. */
    public final String location() {
        return line <= 0 ? "" : file + ":" + line + ":" + column;
    }

    final String locationSuffix() {
        return line <= 0 ? "" : " at " + location();
    }

    /** Children, for visitors (not for the tick path). */
    public int childCount() {
        return 0;
    }

    public Node child(int index) {
        throw new IndexOutOfBoundsException(index);
    }

    /** An error for a child that returned IDLE, which no node may do. */
    protected final IllegalStateException idleReturned(Node child) {
        return new IllegalStateException("child '" + child.name() + "' of '" + name + "' returned IDLE");
    }

    @Override
    public String toString() {
        return name.equals(typeId()) ? name : name + " (" + typeId() + ")";
    }
}
