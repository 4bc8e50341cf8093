package io.canopy.bt.repetition;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :until-success}: reruns its child until it succeeds, then returns SUCCESS.
 *
 * <ul>
 *   <li>Child SUCCESS: SUCCESS. The other completion: the child is reset and rerun (same tick if it had been
 *       RUNNING, else RUNNING plus a wake-up). RUNNING: RUNNING. SKIPPED: SKIPPED.
 * </ul>
 */
public final class UntilSuccess extends Rerun {
    public static final NodeType TYPE = NodeType.decorator("UntilSuccess", UntilSuccess::new)
            .describe("rerun the child until it succeeds, then SUCCESS");

    public UntilSuccess(NodeInit init) {
        super(init, Status.SUCCESS);
    }
}
