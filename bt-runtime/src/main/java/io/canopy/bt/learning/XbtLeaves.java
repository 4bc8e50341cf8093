package io.canopy.bt.learning;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * xbt's leaves whose function is referenced by name ({@code define_function_name}): register a Java function
 * under a name once, and trees use it as {@code <Name/>}, so a tree file stays serializable. Each is an
 * {@link XbtLeaf}, so rewards, kept results, improvement and failure rewards follow the seed's rules.
 *
 * <pre>{@code
 * registry.register(XbtLeaves.action("PickBerries", () -> basket.pick()));   // reward = returned number
 * registry.register(XbtLeaves.bool("SeesBerries", () -> camera.berries() > 0, -0.1));
 * registry.register(XbtLeaves.fun("Plan", r -> planner.done() ? r.succeeded(planner.value(), true)
 *                                                  : r.running(planner.value())));
 * }</pre>
 */
public final class XbtLeaves {
    private XbtLeaves() {}

    /** xbt {@code action}: runs {@code function}, its number is the reward, SUCCESS. */
    public static NodeType action(String name, DoubleSupplier function) {
        Objects.requireNonNull(function, "function");
        return fun(name, r -> r.succeeded(function.getAsDouble(), false))
                .describe("xbt action: the function's number is the reward; SUCCESS");
    }

    /** xbt {@code bool}: SUCCESS when {@code function} is true, else FAILURE; the fixed {@code reward} either way. */
    public static NodeType bool(String name, BooleanSupplier function, double reward) {
        Objects.requireNonNull(function, "function");
        return NodeType.condition(name, init -> new FunLeaf(init, r -> {
            if (function.getAsBoolean()) {
                r.succeeded(reward, false);
            } else {
                r.failed(reward, null);
            }
        })).describe("xbt bool: SUCCESS if the function is true, reward " + reward);
    }

    /**
     * xbt {@code fun}: {@code function} fills the result of each tick ({@code running(reward)},
     * {@code succeeded(reward, continue)}, {@code failed(reward, reason)} or {@code failed(reason)}).
     */
    public static NodeType fun(String name, Consumer<XbtResult> function) {
        Objects.requireNonNull(function, "function");
        return NodeType.action(name, init -> new FunLeaf(init, function))
                .describe("xbt fun: the function gives the result and its reward");
    }

    private static final class FunLeaf extends XbtLeaf {
        private final Consumer<XbtResult> function;

        FunLeaf(NodeInit init, Consumer<XbtResult> function) {
            super(init);
            this.function = function;
        }

        @Override
        protected void evaluate(XbtResult result) {
            function.accept(result);
        }
    }
}
