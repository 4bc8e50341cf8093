package io.canopy.bt.scenario;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/** A leaf of a scenario: returns its script's next status; a halt while RUNNING is counted and traced. */
final class ScriptedLeaf extends Node {
    private final LeafScript script;

    ScriptedLeaf(NodeInit init, LeafScript script) {
        super(init);
        this.script = script;
    }

    @Override
    protected Status tick() {
        return script.next();
    }

    @Override
    protected void halt() {
        if (isRunning()) {
            script.halted();
        }
        resetStatus();
    }
}
