package io.canopy.bt.learning;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;

/**
 * xbt's leaves whose function is referenced by name ({@code define_function_name}): register a Java function
 * under a name once, and trees use it as {@code <Name/>}, so a tree file stays serializable.
 *
 * <pre>{@code
 * registry.register(XbtLeaves.action("PickBerries", () -> basket.pick()));   // reward = returned number
 * registry.register(XbtLeaves.bool("SeesBerries", () -> camera.berries() > 0, -0.1));
 * }</pre>
 */
public final class XbtLeaves {
    private XbtLeaves() {}

    /** xbt {@code action}: runs {@code function}, adds the number it returns as reward, SUCCESS. */
    public static NodeType action(String name, DoubleSupplier function) {
        Objects.requireNonNull(function, "function");
        return NodeType.action(name, init -> new ActionLeaf(init, function))
                .describe("xbt action: the function's number is the reward; SUCCESS");
    }

    /** xbt {@code bool}: SUCCESS when {@code function} is true, else FAILURE; adds the fixed {@code reward}. */
    public static NodeType bool(String name, BooleanSupplier function, double reward) {
        Objects.requireNonNull(function, "function");
        return NodeType.condition(name, init -> new BoolLeaf(init, function, reward))
                .describe("xbt bool: SUCCESS if the function is true, reward " + reward);
    }

    private static final class ActionLeaf extends Node {
        private final DoubleSupplier function;
        private final TreeRewards rewards;

        ActionLeaf(NodeInit init, DoubleSupplier function) {
            super(init);
            this.function = function;
            this.rewards = TreeRewards.of(init.context());
            rewards.bind(init.blackboard());
        }

        @Override
        protected Status tick() {
            rewards.add(function.getAsDouble());
            return Status.SUCCESS;
        }
    }

    private static final class BoolLeaf extends Node {
        private final BooleanSupplier function;
        private final double reward;
        private final TreeRewards rewards;

        BoolLeaf(NodeInit init, BooleanSupplier function, double reward) {
            super(init);
            this.function = function;
            this.reward = reward;
            this.rewards = TreeRewards.of(init.context());
            rewards.bind(init.blackboard());
        }

        @Override
        protected Status tick() {
            boolean ok = function.getAsBoolean();
            rewards.add(reward);
            return ok ? Status.SUCCESS : Status.FAILURE;
        }
    }
}
