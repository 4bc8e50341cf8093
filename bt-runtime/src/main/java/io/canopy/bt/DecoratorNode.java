package io.canopy.bt;

/** A node with exactly one child. Its default halt halts the child if RUNNING. */
public abstract class DecoratorNode extends Node {
    /** The child; set once when the tree is built. */
    protected Node child;

    protected DecoratorNode(NodeInit init) {
        super(init);
    }

    public final void setChild(Node node) {
        this.child = node;
    }

    /** Halts the child if it is RUNNING, then resets it to IDLE (BT.CPP haltChild / resetChild). */
    protected final void resetChild() {
        haltAndReset(child);
    }

    @Override
    protected void halt() {
        resetChild();
        setState(IDLE);
    }

    @Override
    public final int childCount() {
        return 1;
    }

    @Override
    public final Node child(int index) {
        if (index != 0) {
            throw new IndexOutOfBoundsException(index);
        }
        return child;
    }
}
