package io.canopy.bt;

/** A node with one or more children, held in an array. Its default halt halts RUNNING children in order. */
public abstract class ControlNode extends Node {
    /** The children, in document order; set once when the tree is built. */
    protected Node[] children;

    protected ControlNode(NodeInit init) {
        super(init);
    }

    /** Every child is a leaf (neither a control nor a decorator node): {@link #tickLeaf} ticks them, else {@link #tickBranch}. */
    private boolean leafChildren;

    final void setChildren(Node[] nodes) {
        this.children = nodes;
        boolean leaves = true;
        for (Node c : nodes) {
            leaves &= !(c instanceof ControlNode) && !(c instanceof DecoratorNode);
        }
        this.leafChildren = leaves;
    }

    /** True when every child is a leaf: then {@link #tickLeaf} ticks them, else {@link #tickBranch}. */
    protected final boolean leafChildren() {
        return leafChildren;
    }

    /**
     * Ticks child {@code c} exactly as {@code c.executeTick()} does (hooks, SKIPPED, status, errors), through
     * {@link #tickLeaf} or {@link #tickBranch} as {@link #leafChildren()} says.
     *
     * <p>For a control node of few ticks. The built-in sequences and fallbacks write the choice in their own loop
     * ({@code leaves ? tickLeaf(c) : tickBranch(c)}) instead: this method is hot enough to be compiled on its own,
     * and once its compiled code holds {@code tickBranch} with a sequence or fallback in it, it is too big for the
     * JIT to inline into its callers again, so every leaf tick would become a call.
     */
    protected final Status tickChild(Node c) {
        return leafChildren ? tickLeaf(c) : tickBranch(c);
    }

    /**
     * Ticks child {@code c}, a leaf, exactly as {@code c.executeTick()} does (hooks, SKIPPED, status, errors).
     *
     * <p>The same code as {@link Node#executeTick()} and {@link #tickBranch}, kept separate on purpose. The JIT
     * profiles the receiver types of a virtual call per call site, and the {@code tick()} call in
     * {@code executeTick} also sees the root (ticked by {@link Tree}) and every decorator's child; here the site
     * sees only the leaf children of control nodes (conditions and actions), so when they are of one or two types
     * their {@code tick()} is inlined instead of dispatched through the vtable. And this method's own compiled
     * code stays small (a leaf's tick, not a subtree's), so the JIT inlines it into each control node's loop even
     * when it was compiled on its own first (HotSpot does not inline a method whose compiled code is over
     * {@code InlineSmallCode}, 2500 bytes: "already compiled into a big method"). A leaf is ticked in its parent's
     * compiled code, whichever method the JIT compiled first.
     */
    protected final Status tickLeaf(Node c) {
        try {
            Hooks h = c.hooks;
            if (h != null) {
                return h.executeTick(c);
            }
            return stored(c, c.tick());
        } catch (TreeTickException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TreeTickException(c, e);
        }
    }

    /**
     * Ticks child {@code c}, a control or decorator node, exactly as {@code c.executeTick()} does. Its own call
     * site for the children's {@code tick()} (sequences and fallbacks under each other, typically: one or two
     * types, inlined). This method's compiled code holds whole subtrees and is big: where it is not inlined,
     * the cost is one call per control child, not per leaf (see {@link #tickLeaf}).
     */
    protected final Status tickBranch(Node c) {
        try {
            Hooks h = c.hooks;
            if (h != null) {
                return h.executeTick(c);
            }
            return stored(c, c.tick());
        } catch (TreeTickException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TreeTickException(c, e);
        }
    }

    /** Stores the status a child's {@code tick()} returned, as {@link Node#executeTick()} does; returns it. */
    private static Status stored(Node c, Status s) {
        if (s != Status.SKIPPED) {
            c.setState((byte) s.ordinal());
        } else if (c.observer != null) {
            c.observer.statusChanged(c.uid, Status.SKIPPED.ordinal());
        }
        return s;
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
