package io.canopy.bt;

/**
 * A node failed while ticking (a leaf threw, a script read a missing entry, a node saw an impossible
 * status). Names the node; the cause carries the original exception.
 */
public final class TreeTickException extends RuntimeException {
    private final transient Node node;

    TreeTickException(Node node, RuntimeException cause) {
        super("[node '" + node.name() + "' (" + node.typeId() + ")" + node.locationSuffix() + "] "
                + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()), cause);
        this.node = node;
    }

    /** The innermost node that threw. */
    public Node node() {
        return node;
    }

    /** The original message, without the node prefix. */
    public String causeMessage() {
        Throwable c = getCause();
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }
}
