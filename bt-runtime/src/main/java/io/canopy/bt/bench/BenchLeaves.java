package io.canopy.bt.bench;

import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;

/**
 * The leaves of the benchmark trees ({@code bench/trees/}): {@code AlwaysTrue},
 * {@code AlwaysFalse}, {@code RunForever}, {@code CopyPort}. Each increments a leaf-tick counter.
 */
public final class BenchLeaves {
    /** Leaf ticks since the last {@link #reset()}. Only the tick thread writes it. */
    static long leafTicks;

    public static final NodeType ALWAYS_TRUE = NodeType.condition("AlwaysTrue", AlwaysTrue::new)
            .describe("benchmark: counts a leaf tick, SUCCESS");
    public static final NodeType ALWAYS_FALSE = NodeType.condition("AlwaysFalse", AlwaysFalse::new)
            .describe("benchmark: counts a leaf tick, FAILURE");
    public static final NodeType RUN_FOREVER = NodeType.action("RunForever", RunForever::new)
            .describe("benchmark: counts a leaf tick, RUNNING forever");
    public static final NodeType COPY_PORT = NodeType.action("CopyPort", CopyPort::new,
            Port.input("in", PortType.INT).required(), Port.output("out", PortType.INT).required())
            .describe("benchmark: counts a leaf tick, writes in + 1 to out, SUCCESS");

    private BenchLeaves() {}

    /** Registers the four benchmark leaves. */
    public static NodeRegistry register(NodeRegistry registry) {
        return registry.register(ALWAYS_TRUE).register(ALWAYS_FALSE).register(RUN_FOREVER).register(COPY_PORT);
    }

    public static long leafTicks() {
        return leafTicks;
    }

    public static void reset() {
        leafTicks = 0;
    }

    static final class AlwaysTrue extends Node {
        AlwaysTrue(NodeInit init) {
            super(init);
        }

        @Override
        protected Status tick() {
            leafTicks++;
            return Status.SUCCESS;
        }
    }

    static final class AlwaysFalse extends Node {
        AlwaysFalse(NodeInit init) {
            super(init);
        }

        @Override
        protected Status tick() {
            leafTicks++;
            return Status.FAILURE;
        }
    }

    static final class RunForever extends StatefulAction {
        RunForever(NodeInit init) {
            super(init);
        }

        @Override
        protected Status onStart() {
            leafTicks++;
            return Status.RUNNING;
        }

        @Override
        protected Status onRunning() {
            leafTicks++;
            return Status.RUNNING;
        }

        @Override
        protected void onHalted() {
            // nothing to stop
        }
    }

    static final class CopyPort extends Node {
        private final Input in;
        private final Output out;

        CopyPort(NodeInit init) {
            super(init);
            in = init.input("in");
            out = init.output("out");
        }

        @Override
        protected Status tick() {
            leafTicks++;
            out.setLong(in.getLong() + 1);
            return Status.SUCCESS;
        }
    }
}
