package io.canopy.bt;

/** Creates one node instance from its build-time configuration (usually a constructor reference). */
@FunctionalInterface
public interface NodeFactory {
    Node create(NodeInit init);
}
