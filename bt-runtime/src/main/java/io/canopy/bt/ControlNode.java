package io.canopy.bt;

/** A node with one or more children, held in an array. Its default halt halts RUNNING children in order. */
public abstract class ControlNode extends Node {
    /** The children, in document order; set once when the tree is built. */
    protected Node[] children;

    protected ControlNode(NodeInit init) {
        super(init);
    }

    final void setChildren(Node[] nodes) {
        this.children = nodes;
    }

    /**
     * Ticks child {@code c} exactly as {@code c.executeTick()} does (hooks, SKIPPED, status, errors).
     *
     * <p>The same code as {@link Node#executeTick()}, kept separate on purpose: the JIT profiles the receiver
     * types of a virtual call per call site, and the {@code tick()} call in {@code executeTick} also sees the
     * root (ticked by {@link Tree}) and every decorator's child. Here it sees only the children of the control
     * nodes that use this method, and control children apart from leaf children, so when each are of one or
     * two types (conditions and an action under a {@code ReactiveSequence}; sequences and fallbacks over two
     * kinds of condition), their {@code tick()} is inlined instead of dispatched through the vtable.
     */
    protected final Status tickChild(Node c) {
        try {
            Hooks h = c.hooks;
            if (h != null) {
                return h.executeTick(c);
            }
            // Two call sites, one per kind of child, so each has its own type profile: the control nodes of
            // a tree are of few types, and so are the leaves of many a parent, where together they would be
            // too many types to inline.
            Status s = c instanceof ControlNode ? c.tick() : c.tick();
            if (s != Status.SKIPPED) {
                c.setState((byte) s.ordinal());
            } else if (c.observer != null) {
                c.observer.statusChanged(c.uid, Status.SKIPPED.ordinal());
            }
            return s;
        } catch (TreeTickException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TreeTickException(c, e);
        }
    }

    /** Halts child {@code i} if it is RUNNING, then resets it to IDLE. */
    protected final void haltChild(int i) {
        haltAndReset(children[i]);
    }

    /**
     * Halts every RUNNING child but child {@code keep} (in index order) and resets them, as a reactive node
     * does when child {@code keep} is RUNNING. IDLE children (those after {@code keep}, never ticked this
     * time) are skipped: halting and resetting one would change nothing.
     */
    protected final void haltAllExcept(int keep) {
        Node[] ch = children;
        for (int i = 0; i < ch.length; i++) {
            Node c = ch[i];
            if (i != keep && c.state != IDLE) {
                haltAndReset(c);
            }
        }
    }

    /** Halts every RUNNING child (in index order) and resets all of them. */
    protected final void resetChildren() {
        Node[] ch = children;
        for (int i = 0; i < ch.length; i++) {
            Node c = ch[i];
            if (c.state != IDLE) {
                haltAndReset(c);
            }
        }
    }

    @Override
    protected void halt() {
        resetChildren();
        setState(IDLE);
    }

    @Override
    public final int childCount() {
        return children.length;
    }

    @Override
    public final Node child(int index) {
        return children[index];
    }
}
