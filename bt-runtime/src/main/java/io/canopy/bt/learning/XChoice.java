package io.canopy.bt.learning;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.scope.DynamicExtent;
import io.canopy.bt.script.CompiledCode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * xbt's {@code xchoice}: a choice (a fallback) whose child order comes from a pluggable {@link ChildOrder},
 * asked each time the node starts a run. {@code order="epsilon_greedy"} learns from rewards ({@link
 * EpsilonGreedy}); {@code in_order} is a plain choice; {@code random} shuffles. Register another ordering
 * with {@link #withOrder}.
 *
 * <ul>
 *   <li>The order is not changed while the node runs (xbt: "don't reorder children while the node is running").
 *   <li>The ordering may choose a subset ({@link ChildOrder#select}), and {@code subset="N"} keeps only the
 *       first N of the order (with epsilon-greedy ordering, N = 1 tries only the best child, or with
 *       probability epsilon another one): children left out are not run and are deactivated (halted if
 *       RUNNING). No child chosen: FAILURE at once.
 *   <li>Children are tried in the order given: a child SUCCESS: SUCCESS; FAILURE or SKIPPED: the next one in
 *       the same tick; RUNNING: RUNNING, resumed on the next tick. All failed: FAILURE.
 *   <li>{@code update} (xbt's per-node {@code update_fun}) is a script run once, just before the node resets
 *       its children at SUCCESS or FAILURE, with {@code _result} ('SUCCESS' or 'FAILURE': the last tried
 *       child's result; '' when no child was chosen), {@code _child} (its index, -1 if none) and
 *       {@code _child_reward} (the reward of its attempt) bound for the script only.
 *   <li>Each attempt that ends (SUCCESS or FAILURE) reports the reward the child earned during it (the
 *       difference of {@link TreeRewards#total()} across its ticks) to {@link ChildOrder#update}.
 *   <li>A halt halts the running child; its unfinished attempt is not reported.
 * </ul>
 */
public final class XChoice extends ControlNode {
    /** The built-in orderings of the {@code order} port. */
    public enum Ordering { IN_ORDER, EPSILON_GREEDY, RANDOM }

    private static final Port SUBSET = Port.input("subset", PortType.INT).withDefault("0")
            .describe("try only the first N children of the order (0 = all)");
    private static final Port UPDATE = Port.input("update", PortType.STRING)
            .describe("script run when the choice completes (_result, _child, _child_reward)");

    public static final NodeType TYPE = NodeType.control("XChoice", init -> new XChoice(init, null),
            Port.inputEnum("order", Ordering.class).withDefault("EPSILON_GREEDY")
                    .describe("IN_ORDER, EPSILON_GREEDY (learns from rewards) or RANDOM"),
            Port.input("epsilon", PortType.DOUBLE).withDefault("0.1")
                    .describe("EPSILON_GREEDY: probability of exploring (0..1)"),
            Port.input("alpha", PortType.DOUBLE).withDefault("0")
                    .describe("EPSILON_GREEDY: learning step (0 = mean of all rewards)"),
            Port.input("initial", PortType.DOUBLE).withDefault("0")
                    .describe("EPSILON_GREEDY: value of a child not tried yet"),
            SUBSET, UPDATE)
            .describe("choice whose child order comes from a pluggable function (epsilon-greedy learner)");

    private final ChildOrder ordering;
    private final TreeRewards rewards;
    private final int subset;
    private final CompiledCode update;
    private final Entry resultEntry;
    private final Entry childEntry;
    private final Entry childRewardEntry;
    private final DynamicExtent updateExtent;
    private int[] order;
    private int chosen;
    private int position;
    private boolean running;
    private double attemptStart;
    private int lastChild = -1;
    private Status lastResult;
    private double lastReward;

    private XChoice(NodeInit init, ChildOrder.Factory factory) {
        super(init);
        rewards = TreeRewards.of(init.context());
        rewards.bind(init.blackboard());
        subset = init.text("subset") == null ? 0 : init.input("subset").getInt();
        if (subset < 0) {
            throw init.error("port 'subset' is " + subset + "; give the number of children to try (1 or more), or 0 for all");
        }
        if (init.text("update") != null) {
            resultEntry = init.blackboard().entry("_result");
            childEntry = init.blackboard().entry("_child");
            childRewardEntry = init.blackboard().entry("_child_reward");
            updateExtent = new DynamicExtent(resultEntry, childEntry, childRewardEntry);
            update = init.script("update");
        } else {
            resultEntry = null;
            childEntry = null;
            childRewardEntry = null;
            updateExtent = null;
            update = null;
        }
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
        List<Port> all = new ArrayList<>(List.of(ports));
        for (Port p : new Port[] {SUBSET, UPDATE}) {
            if (all.stream().noneMatch(q -> q.name().equals(p.name()))) {
                all.add(p);
            }
        }
        return NodeType.control(id, init -> new XChoice(init, factory), all.toArray(new Port[0]))
                .describe("choice ordered by " + id);
    }

    static void shuffle(int[] o, SplittableRandom random) {
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
            chosen = ordering.select(order, context.random());
            if (chosen < 0 || chosen > n) {
                throw new IllegalStateException("the child function of '" + name() + "' chose " + chosen
                        + " children; it must choose from 0 to " + n);
            }
            if (subset > 0 && subset < chosen) {
                chosen = subset;
            }
            checkPermutation();
            deactivateOthers();
            position = 0;
            lastChild = -1;
            lastResult = null;
            running = true;
        }
        while (position < chosen) {
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
                    ended(c, Status.SUCCESS);
                    finish();
                    return Status.SUCCESS;
                case FAILURE:
                    ended(c, Status.FAILURE);
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

    private void ended(int child, Status result) {
        double reward = rewards.total() - attemptStart;
        ordering.update(child, reward, result);
        lastChild = child;
        lastResult = result;
        lastReward = reward;
    }

    /** Children the child function left out are deactivated (xbt: to free what they hold). */
    private void deactivateOthers() {
        int n = children.length;
        for (int c = 0; c < n; c++) {
            if (children[c].isIdle()) {
                continue;
            }
            boolean in = false;
            for (int i = 0; i < chosen && !in; i++) {
                in = order[i] == c;
            }
            if (!in) {
                haltChild(c);
            }
        }
    }

    /** xbt's {@code update_fun}: the {@code update} script, with the last result bound for it only. */
    private void runUpdate() {
        if (update == null) {
            return;
        }
        updateExtent.enter();
        try {
            resultEntry.setObject(lastResult == null ? "" : lastResult == Status.SUCCESS ? "SUCCESS" : "FAILURE");
            childEntry.setLong(lastChild);
            childRewardEntry.setDouble(lastResult == null ? 0 : lastReward);
            update.run();
        } finally {
            updateExtent.exit();
        }
    }

    private void checkPermutation() {
        int n = order.length;
        long seen = 0;
        for (int i = 0; i < chosen; i++) {
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
        runUpdate();
        resetChildren();
    }

    @Override
    protected void halt() {
        running = false;
        super.halt();
    }
}
