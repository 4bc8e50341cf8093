package io.canopy.bt;

/** The category of a node type, as in BehaviorTree.CPP and the Groot2 palette. */
public enum NodeKind {
    ACTION("Action"),
    CONDITION("Condition"),
    CONTROL("Control"),
    DECORATOR("Decorator"),
    SUBTREE("SubTree");

    private final String xmlName;

    NodeKind(String xmlName) {
        this.xmlName = xmlName;
    }

    /** The element name used in {@code <TreeNodesModel>}. */
    public String xmlName() {
        return xmlName;
    }

    /** Children a node of this kind accepts: {min, max} (max -1 = unbounded). */
    int minChildren() {
        return switch (this) {
            case CONTROL, DECORATOR -> 1;
            default -> 0;
        };
    }

    int maxChildren() {
        return switch (this) {
            case CONTROL -> -1;
            case DECORATOR -> 1;
            default -> 0;
        };
    }
}
