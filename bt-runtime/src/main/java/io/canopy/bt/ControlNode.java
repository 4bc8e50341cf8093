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

    /** Halts child {@code i} if it is RUNNING, then resets it to IDLE. */
    protected final void haltChild(int i) {
        haltAndReset(children[i]);
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
