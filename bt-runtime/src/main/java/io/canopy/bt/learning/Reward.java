package io.canopy.bt.learning;

import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * xbt's result reward as a leaf: adds {@code value} to the tree's reward ({@link TreeRewards}) and returns
 * {@code status} (SUCCESS by default, or FAILURE: xbt's failed result with a reward), in one tick.
 */
public final class Reward extends Node {
    /** What the leaf returns. */
    public enum Outcome { SUCCESS, FAILURE }

    public static final NodeType TYPE = NodeType.action("Reward", Reward::new,
            Port.input("value", PortType.DOUBLE).required().describe("reward added to the tree's reward"),
            Port.inputEnum("status", Outcome.class).withDefault("SUCCESS").describe("SUCCESS or FAILURE"))
            .describe("add a reward (xbt) and succeed (or fail)");

    private final Input value;
    private final Status result;
    private final TreeRewards rewards;

    public Reward(NodeInit init) {
        super(init);
        value = init.input("value");
        result = init.input("status").getEnum(Outcome.class) == Outcome.SUCCESS ? Status.SUCCESS : Status.FAILURE;
        rewards = TreeRewards.of(init.context());
        rewards.bind(init.blackboard());
    }

    @Override
    protected Status tick() {
        rewards.add(value.getDouble());
        return result;
    }
}
