package io.canopy.bt.learning;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * xbt's {@code xchoice}: a choice (a fallback) whose child order comes from a pluggable {@link ChildOrder},
 * asked each time the node starts a run. {@code order="epsilon_greedy"} learns from rewards ({@link
 * EpsilonGreedy}); {@code in_order} is a plain choice; {@code random} shuffles. Register another ordering
 * with {@link #withOrder}.
 *
 * <ul>
 *   <li>Children are tried in the order given: a child SUCCESS: SUCCESS; FAILURE or SKIPPED: the next one in
 *       the same tick; RUNNING: RUNNING, resumed on the next tick. All failed: FAILURE.
 *   <li>Each attempt that ends (SUCCESS or FAILURE) reports the reward the child earned during it (the
 *       difference of {@link TreeRewards#total()} across its ticks) to {@link ChildOrder#update}.
 *   <li>A halt halts the running child; its unfinished attempt is not reported.
 * </ul>
 */
public final class XChoice extends ControlNode {
    /** The built-in orderings of the {@code order} port. */
    public enum Ordering { IN_ORDER, EPSILON_GREEDY, RANDOM }

    public static final NodeType TYPE = NodeType.control("XChoice", init -> new XChoice(init, null),
            Port.inputEnum("order", Ordering.class).withDefault("EPSILON_GREEDY")
                    .describe("IN_ORDER, EPSILON_GREEDY (learns from rewards) or RANDOM"),
            Port.input("epsilon", PortType.DOUBLE).withDefault("0.1")
                    .describe("EPSILON_GREEDY: probability of exploring (0..1)"),
            Port.input("alpha", PortType.DOUBLE).withDefault("0")
                    .describe("EPSILON_GREEDY: learning step (0 = mean of all rewards)"),
            Port.input("initial", PortType.DOUBLE).withDefault("0")
                    .describe("EPSILON_GREEDY: value of a child not tried yet"))
            .describe("choice whose child order comes from a pluggable function (epsilon-greedy learner)");

    private final ChildOrder ordering;
    private final TreeRewards rewards;
    private int[] order;
    private int position;
    private boolean running;
    private double attemptStart;

    private XChoice(NodeInit init, ChildOrder.Factory factory) {
        super(init);
        rewards = TreeRewards.of(init.context());
        rewards.bind(init.blackboard());
        if (factory != null) {
            ordering = factory.create(init);
        } else {
            ordering = switch (init.input("order").getEnum(Ordering.class)) {
                case IN_ORDER -> (o, r) -> {
                    for (int i = 0; i < o.length; i++) {
                        o[i] = i;
                    }
                };
                case RANDOM -> XChoice::shuffle;
                case EPSILON_GREEDY -> EpsilonGreedy.fromPorts(init);
            };
        }
    }

    /**
     * A choice node type {@code id} that orders its children with the ordering made by {@code factory};
     * register it with one line ({@code registry.register(XChoice.withOrder("UcbChoice", Ucb::new))}).
     */
    public static NodeType withOrder(String id, ChildOrder.Factory factory, Port... ports) {
        return NodeType.control(id, init -> new XChoice(init, factory), ports)
                .describe("choice ordered by " + id);
    }

    static void shuffle(int[] o, java.util.SplittableRandom random) {
        for (int i = 0; i < o.length; i++) {
            o[i] = i;
        }
        for (int i = o.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = o[i];
            o[i] = o[j];
            o[j] = t;
        }
    }

    /** This node's ordering (an {@link EpsilonGreedy} for the default), for inspection. */
    public ChildOrder ordering() {
        return ordering;
    }

    /** The child index tried first in the current (or last) run. */
    public int firstChoice() {
        return order == null ? -1 : order[0];
    }

    @Override
    protected Status tick() {
        int n = children.length;
        if (!running) {
            if (order == null) {
                order = new int[n];
            }
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            ordering.order(order, context.random());
            checkPermutation();
            position = 0;
            running = true;
        }
        while (position < n) {
            int c = order[position];
            var child = children[c];
            if (child.status() != Status.RUNNING) {
                attemptStart = rewards.total();
            }
            Status s = child.executeTick();
            switch (s) {
                case RUNNING:
                    return Status.RUNNING;
                case SUCCESS:
                    ordering.update(c, rewards.total() - attemptStart, Status.SUCCESS);
                    finish();
                    return Status.SUCCESS;
                case FAILURE:
                    ordering.update(c, rewards.total() - attemptStart, Status.FAILURE);
                    position++;
                    break;
                case SKIPPED:
                    position++;
                    break;
                default:
                    throw idleReturned(child);
            }
        }
        finish();
        return Status.FAILURE;
    }

    private void checkPermutation() {
        int n = order.length;
        long seen = 0;
        for (int i = 0; i < n; i++) {
            int c = order[i];
            if (c < 0 || c >= n || (n <= 64 && (seen & (1L << c)) != 0)) {
                throw new IllegalStateException("the child order of '" + name() + "' is not a permutation of 0.."
                        + (n - 1) + " (index " + c + " at position " + i + ")");
            }
            if (n <= 64) {
                seen |= 1L << c;
            }
        }
    }

    private void finish() {
        running = false;
        resetChildren();
    }

    @Override
    protected void halt() {
        running = false;
        super.halt();
    }
}
