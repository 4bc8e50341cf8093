package io.canopy.bt.catalog;

import io.canopy.bt.NodeType;
import io.canopy.bt.composites.All;
import io.canopy.bt.composites.ParallelPolicy;
import io.canopy.bt.event.ConsumeEvent;
import io.canopy.bt.event.OnEvent;
import io.canopy.bt.event.SendEvent;
import io.canopy.bt.guards.Guard;
import io.canopy.bt.guards.GuardSelector;
import io.canopy.bt.guards.OnCancel;
import io.canopy.bt.guards.Predicate;
import io.canopy.bt.learning.Reward;
import io.canopy.bt.learning.XChoice;
import io.canopy.bt.loops.LoopCount;
import io.canopy.bt.loops.LoopUntil;
import io.canopy.bt.loops.RepeatWhile;
import io.canopy.bt.loops.UntilFailure;
import io.canopy.bt.loops.UntilSuccess;
import io.canopy.bt.memory.SelectorStar;
import io.canopy.bt.memory.SequenceStar;
import io.canopy.bt.outcomes.Always;
import io.canopy.bt.outcomes.Fail;
import io.canopy.bt.outcomes.Never;
import io.canopy.bt.outcomes.Succeed;
import io.canopy.bt.probability.Either;
import io.canopy.bt.probability.Maybe;
import io.canopy.bt.probability.RandomChoice;
import io.canopy.bt.probability.RandomEach;
import io.canopy.bt.probability.SelectP;
import io.canopy.bt.scoping.Bind;
import io.canopy.bt.scoping.MapItems;
import io.canopy.bt.scoping.Update;
import io.canopy.bt.timers.TickEater;
import io.canopy.bt.timers.Timer;
import io.canopy.bt.tracing.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The node families of the other seeds (cark.behavior-tree, xbt, the probabilistic behaviours, luabt),
 * registered by {@code NodeRegistry.withBuiltins()} next to the BehaviorTree.CPP built-ins, with the family
 * (named by role, as their packages), the seed document and the seed's own name of each, for the node
 * reference ({@code canopy nodes --markdown}).
 */
public final class SeedNodes {
    /** Where a node type comes from. */
    public record Origin(String family, String seed, String seedName) {}

    private static final String CARK = "000_b42e925201fe4bd8.txt";
    private static final String XBT = "001_7bc1398b2eb77d7f.txt";
    private static final String CHANCE = "003_192c05786df0e68c.txt";
    private static final String LUABT = "004_1abcfb26150a5d44.txt";

    private static final Map<String, Origin> ORIGINS = new LinkedHashMap<>();
    /** Every seed node type, in family order. */
    public static final List<NodeType> ALL;

    static {
        List<NodeType> all = new ArrayList<>();
        add(all, ConsumeEvent.TYPE, "events", CARK, ":consume-event");
        add(all, OnEvent.TYPE, "events", CARK, ":on-event");
        add(all, SendEvent.TYPE, "events", CARK, ":send-event");
        add(all, Guard.TYPE, "guards", CARK, ":guard");
        add(all, GuardSelector.TYPE, "guards", CARK, ":guard-selector");
        add(all, OnCancel.TYPE, "guards", CARK, ":on-cancel");
        add(all, Predicate.TYPE, "guards", CARK, ":predicate");
        add(all, TickEater.TYPE, "timers", CARK, ":tick-eater");
        add(all, Timer.TYPE, "timers", CARK, ":timer");
        add(all, MapItems.TYPE, "scoping", CARK, ":map");
        add(all, Bind.TYPE, "scoping", CARK, ":bind");
        add(all, Update.TYPE, "scoping", CARK, ":update");
        add(all, UntilSuccess.TYPE, "loops", CARK, ":until-success");
        add(all, UntilFailure.TYPE, "loops", CARK, ":until-failure");
        add(all, RepeatWhile.TYPE, "loops", CARK, ":repeat");
        add(all, LoopCount.TYPE, "loops", CHANCE, "$loop");
        add(all, LoopUntil.TYPE, "loops", CHANCE, "$loop_until");
        add(all, ParallelPolicy.TYPE, "composites", CARK, ":parallel");
        add(all, All.TYPE, "composites", XBT, "all");
        add(all, Reward.TYPE, "learning", XBT, "result reward / action");
        add(all, XChoice.TYPE, "learning", XBT, "xchoice + epsilon_greedy_child_fun");
        add(all, SelectP.TYPE, "probability", CHANCE, "$select_p");
        add(all, Maybe.TYPE, "probability", CHANCE, "$maybe");
        add(all, Either.TYPE, "probability", CHANCE, "$either");
        add(all, RandomChoice.TYPE, "probability", CHANCE, "$random_choice");
        add(all, RandomEach.TYPE, "probability", CHANCE, "$random_each");
        add(all, Always.TYPE, "outcomes", CHANCE, "$always");
        add(all, Never.TYPE, "outcomes", CHANCE, "$never");
        add(all, Succeed.TYPE, "outcomes", CHANCE, "$succeed");
        add(all, Fail.TYPE, "outcomes", CHANCE, "$fail");
        add(all, SequenceStar.TYPE, "memory", LUABT, "sequence*");
        add(all, SelectorStar.TYPE, "memory", LUABT, "selector*");
        add(all, Trace.TYPE, "tracing", CARK, ":trace");
        ALL = Collections.unmodifiableList(all);
    }

    private SeedNodes() {}

    private static void add(List<NodeType> all, NodeType type, String family, String seed, String seedName) {
        all.add(type);
        ORIGINS.put(type.id(), new Origin(family, seed, seedName));
    }

    /** The origin of a seed node type, or null for any other type. */
    public static Origin origin(String typeId) {
        return ORIGINS.get(typeId);
    }
}
