package io.canopy.bt;

/** A node with one or more children, held in an array. Its default halt halts RUNNING children in order. */
public abstract class ControlNode extends Node {
    /** The children, in document order; set once when the tree is built. */
    protected Node[] children;

    protected ControlNode(NodeInit init) {
        super(init);
    }

    /** Every child is a leaf (neither a control nor a decorator node); decides {@link #tickChild}'s call site. */
    private boolean leafChildren;

    public final void setChildren(Node[] nodes) {
        this.children = nodes;
        boolean leaves = true;
        for (Node c : nodes) {
            leaves &= !(c instanceof ControlNode) && !(c instanceof DecoratorNode);
        }
        this.leafChildren = leaves;
    }

    /** True when every child is a leaf (neither a control nor a decorator node). */
    protected final boolean leafChildren() {
        return leafChildren;
    }

    /**
     * Ticks child {@code c} exactly as {@code c.executeTick()} does (hooks, SKIPPED, status, errors).
     *
     * <p>The same code as {@link Node#executeTick()}, kept separate on purpose: the JIT profiles the receiver
     * types of a virtual call per call site, and the {@code tick()} call in {@code executeTick} also sees the
     * root (ticked by {@link Tree}) and every decorator's child. Here it sees only the children of the control
     * nodes that use this method, and the children of parents of leaves only apart from the others, so when
     * each are of one or two types (conditions and an action under a {@code ReactiveSequence}; two kinds of
     * condition under the lowest sequences of a deep tree, sequences and fallbacks above them), their
     * {@code tick()} is inlined instead of dispatched through the vtable.
     *
     * <p>This method is hot enough for C2 to compile it on its own. Its compiled code must stay small (under
     * {@code InlineSmallCode}, 2500 bytes) to be inlined into the control nodes' loops, so it must not inline
     * whole subtrees: {@link io.canopy.bt.control.Sequence} and {@link io.canopy.bt.control.Fallback} have
     * {@code tick()} methods longer than C2 inlines for that reason (see their leaf-only loops).
     */
    protected final Status tickChild(Node c) {
        try {
            Hooks h = c.hooks;
            if (h != null) {
                return h.executeTick(c);
            }
            // Two call sites with a type profile each: one for the children of parents of leaves only, one for
            // the rest. The test reads this parent's field, the same for every child (no per-child cost).
            Status s = leafChildren ? c.tick() : c.tick();
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
