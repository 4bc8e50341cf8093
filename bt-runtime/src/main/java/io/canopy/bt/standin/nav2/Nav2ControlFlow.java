package io.canopy.bt.standin.nav2;

import io.canopy.bt.NodeFactory;
import io.canopy.bt.NodeKind;
import java.util.Map;

/** The Nav2 control and decorator IDs this package implements, with their kinds and factories. */
public final class Nav2ControlFlow {
    /** A known implementation: the kind a palette must declare the ID with, and the factory. */
    public record Known(NodeKind kind, NodeFactory factory, int maxChildren) {
        // maxChildren -1: unbounded
    }

    private static final Map<String, Known> KNOWN = Map.of(
            "RecoveryNode", new Known(NodeKind.CONTROL, RecoveryNode::new, 2),
            "PipelineSequence", new Known(NodeKind.CONTROL, PipelineSequence::new, -1),
            "RoundRobin", new Known(NodeKind.CONTROL, RoundRobin::new, -1),
            "RateController", new Known(NodeKind.DECORATOR, RateController::new, 1),
            "PathLongerOnApproach", new Known(NodeKind.DECORATOR, PathLongerOnApproach::new, 1));

    private Nav2ControlFlow() {}

    /** The implementation of {@code id} declared as {@code kind}, or null. */
    public static Known find(String id, NodeKind kind) {
        Known k = KNOWN.get(id);
        return k != null && k.kind() == kind ? k : null;
    }
}
