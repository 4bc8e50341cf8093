package io.canopy.bt.repetition;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :until-failure}: reruns its child until it fails, then returns SUCCESS.
 *
 * <ul>
 *   <li>Child FAILURE: SUCCESS. The other completion: the child is reset and rerun (same tick if it had been
 *       RUNNING, else RUNNING plus a wake-up). RUNNING: RUNNING. SKIPPED: SKIPPED.
 * </ul>
 */
public final class UntilFailure extends Rerun {
    public static final NodeType TYPE = NodeType.decorator("UntilFailure", UntilFailure::new)
            .describe("rerun the child until it fails, then SUCCESS");

    public UntilFailure(NodeInit init) {
        super(init, Status.FAILURE);
    }
}
