package io.canopy.launch.fleet;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;

/**
 * Claims a named resource for this robot on the retained topic {@code fleet/claims/<resource>}: FAILURE at once
 * when another robot holds it (lease not run out, holder not offline) or MQTT is not up yet; else publishes the
 * claim and stays RUNNING until its own claim has come back and nobody claimed after it for 200 ms (SUCCESS), or
 * someone did (FAILURE). The claim is renewed while the tree ticks, until {@code Release}.
 */
final class Claim extends StatefulAction {
    static final NodeType TYPE = NodeType.action("Claim", Claim::new,
            Port.input("resource", PortType.STRING).required().describe("the resource's name, e.g. a waypoint; topic fleet/claims/<resource>"),
            Port.input("lease_ms", PortType.LONG).withDefault("3000")
                    .describe("how long others honour the claim after its last renewal (renewed every third of it)"),
            Port.input("timeout_ms", PortType.LONG).withDefault("2000").describe("FAILURE when the claim has not come back by then"))
            .describe("Claim a named resource for this robot over MQTT (lease on a retained topic); FAILURE if another robot holds it");

    private final ClaimBoard board;
    private final Input resource;
    private final Input leaseMs;
    private final Input timeoutMs;
    private ClaimBoard.Entry entry;
    private long startedNs;

    Claim(NodeInit init) {
        super(init);
        board = ClaimBoard.of(init.context());
        resource = init.input("resource");
        leaseMs = init.input("lease_ms");
        timeoutMs = init.input("timeout_ms");
    }

    @Override
    protected Status onStart() {
        if (!board.connected()) {
            return Status.FAILURE;
        }
        entry = board.entry(resource.getString());
        if (board.heldByOther(entry)) {
            return Status.FAILURE;
        }
        if (board.holds(entry)) {
            return Status.SUCCESS;
        }
        startedNs = context.clock().nanoTime();
        board.claim(entry, Math.max(100, leaseMs.getLong()));
        return Status.RUNNING;
    }

    @Override
    protected Status onRunning() {
        int o = board.outcome(entry, startedNs, timeoutMs.getLong() * 1_000_000L);
        return o > 0 ? Status.SUCCESS : o < 0 ? Status.FAILURE : Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        board.release(entry);
    }
}
