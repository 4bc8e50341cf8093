package io.canopy.bt.learning;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;

/**
 * xbt's result types as a leaf: {@code status="SUCCESS"} is {@code succeeded(value, continue)},
 * {@code FAILURE} is {@code failed(value, reason)} (without {@code value}: the tree's default failure reward),
 * {@code RUNNING} is {@code running(value)} (RUNNING on every tick, until a parent halts it). The value is read
 * on every tick and is the reward of the leaf's execution so far; the rules every xbt leaf follows are in
 * {@link XbtLeaf}.
 */
public final class Reward extends XbtLeaf {
    /** What the leaf returns. */
    public enum Outcome { SUCCESS, FAILURE, RUNNING }

    public static final NodeType TYPE = NodeType.action("Reward", Reward::new,
            Port.input("value", PortType.DOUBLE)
                    .describe("the reward of this execution (FAILURE without value: the default failure reward; else 0)"),
            Port.inputEnum("status", Outcome.class).withDefault("SUCCESS").describe("SUCCESS, FAILURE or RUNNING"),
            Port.input("continue", PortType.BOOLEAN).withDefault("false")
                    .describe("SUCCESS only: the reward can still improve (re-evaluated while _improve is on)"),
            Port.input("reason", PortType.STRING).describe("FAILURE only: why it failed (root entry _failure_reason)"))
            .describe("an xbt result: succeeded(value, continue), failed(value, reason) or running(value)");

    private final Input value;
    private final Outcome outcome;
    private final boolean canContinue;
    private final String reason;

    public Reward(NodeInit init) {
        super(init);
        value = init.text("value") == null ? null : init.input("value");
        outcome = init.input("status").getEnum(Outcome.class);
        canContinue = init.input("continue").getBoolean();
        reason = init.text("reason");
        if (canContinue && outcome != Outcome.SUCCESS) {
            throw init.error("port 'continue' is for SUCCESS results (a FAILURE never continues, a RUNNING always"
                    + " does); remove it or set status=\"SUCCESS\"");
        }
        if (reason != null && outcome != Outcome.FAILURE) {
            throw init.error("port 'reason' is for FAILURE results; remove it or set status=\"FAILURE\"");
        }
    }

    @Override
    protected void evaluate(XbtResult result) {
        switch (outcome) {
            case SUCCESS -> result.succeeded(value == null ? 0 : value.getDouble(), canContinue);
            case RUNNING -> result.running(value == null ? 0 : value.getDouble());
            case FAILURE -> {
                if (value == null) {
                    result.failed(reason);
                } else {
                    result.failed(value.getDouble(), reason);
                }
            }
        }
    }
}
