package io.canopy.launch.fleet;

import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/** Gives up this robot's claim of a resource (a retained {@code release} on {@code fleet/claims/<resource>}); always SUCCESS. */
final class Release extends Node {
    static final NodeType TYPE = NodeType.action("Release", Release::new,
            Port.input("resource", PortType.STRING).required().describe("the resource's name, as given to Claim"))
            .describe("Release a resource claimed with Claim, so that other robots may take it");

    private final ClaimBoard board;
    private final Input resource;

    Release(NodeInit init) {
        super(init);
        board = ClaimBoard.of(init.context());
        resource = init.input("resource");
    }

    @Override
    protected Status tick() {
        board.release(board.entry(resource.getString()));
        return Status.SUCCESS;
    }
}
