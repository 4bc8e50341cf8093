package io.canopy.bt.catalog;

import io.canopy.bt.NodeType;
import io.canopy.bt.scope.Bind;
import io.canopy.bt.guards.Guard;
import io.canopy.bt.guards.GuardSelector;
import io.canopy.bt.scope.MapItems;
import io.canopy.bt.concurrency.OnCancel;
import io.canopy.bt.concurrency.ParallelPolicy;
import io.canopy.bt.guards.Predicate;
import io.canopy.bt.repetition.RepeatWhile;
import io.canopy.bt.timing.TickEater;
import io.canopy.bt.timing.Timer;
import io.canopy.bt.diagnostics.Trace;
import io.canopy.bt.repetition.UntilFailure;
import io.canopy.bt.repetition.UntilSuccess;
import io.canopy.bt.scope.Update;
import io.canopy.bt.outcome.Always;
import io.canopy.bt.probability.Either;
import io.canopy.bt.outcome.Fail;
import io.canopy.bt.repetition.LoopCount;
import io.canopy.bt.repetition.LoopUntil;
import io.canopy.bt.probability.Maybe;
import io.canopy.bt.outcome.Never;
import io.canopy.bt.probability.RandomChoice;
import io.canopy.bt.probability.RandomEach;
import io.canopy.bt.probability.SelectP;
import io.canopy.bt.outcome.Succeed;
import io.canopy.bt.event.ConsumeEvent;
import io.canopy.bt.event.OnEvent;
import io.canopy.bt.event.SendEvent;
import io.canopy.bt.outcome.All;
import io.canopy.bt.learning.Reward;
import io.canopy.bt.learning.XChoice;
import io.canopy.bt.functions.SelectorStar;
import io.canopy.bt.functions.SequenceStar;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The node families of the other seeds (cark.behavior-tree, xbt, the probabilistic behaviours, luabt), registered
 * by {@code NodeRegistry.withBuiltins()} next to the BehaviorTree.CPP built-ins, with the family, the seed
 * document and the seed's own name of each, for the node reference ({@code canopy nodes --markdown}).
 */
public final class NodeFamilies {
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
        add(all, Guard.TYPE, "cark", CARK, ":guard");
        add(all, GuardSelector.TYPE, "cark", CARK, ":guard-selector");
        add(all, ParallelPolicy.TYPE, "cark", CARK, ":parallel");
        add(all, MapItems.TYPE, "cark", CARK, ":map");
        add(all, Bind.TYPE, "cark", CARK, ":bind");
        add(all, OnCancel.TYPE, "cark", CARK, ":on-cancel");
        add(all, TickEater.TYPE, "cark", CARK, ":tick-eater");
        add(all, Timer.TYPE, "cark", CARK, ":timer");
        add(all, UntilSuccess.TYPE, "cark", CARK, ":until-success");
        add(all, UntilFailure.TYPE, "cark", CARK, ":until-failure");
        add(all, Predicate.TYPE, "cark", CARK, ":predicate");
        add(all, RepeatWhile.TYPE, "cark", CARK, ":repeat");
        add(all, Update.TYPE, "cark", CARK, ":update");
        add(all, Trace.TYPE, "cark", CARK, ":trace");
        add(all, Reward.TYPE, "xbt", XBT, "result reward / action");
        add(all, All.TYPE, "xbt", XBT, "all");
        add(all, XChoice.TYPE, "xbt", XBT, "xchoice + epsilon_greedy_child_fun");
        add(all, SelectP.TYPE, "probabilistic", CHANCE, "$select_p");
        add(all, LoopCount.TYPE, "probabilistic", CHANCE, "$loop");
        add(all, LoopUntil.TYPE, "probabilistic", CHANCE, "$loop_until");
        add(all, Maybe.TYPE, "probabilistic", CHANCE, "$maybe");
        add(all, Either.TYPE, "probabilistic", CHANCE, "$either");
        add(all, RandomChoice.TYPE, "probabilistic", CHANCE, "$random_choice");
        add(all, RandomEach.TYPE, "probabilistic", CHANCE, "$random_each");
        add(all, Always.TYPE, "probabilistic", CHANCE, "$always");
        add(all, Never.TYPE, "probabilistic", CHANCE, "$never");
        add(all, Succeed.TYPE, "probabilistic", CHANCE, "$succeed");
        add(all, Fail.TYPE, "probabilistic", CHANCE, "$fail");
        add(all, SequenceStar.TYPE, "luabt", LUABT, "sequence*");
        add(all, SelectorStar.TYPE, "luabt", LUABT, "selector*");
        ALL = Collections.unmodifiableList(all);
    }

    private NodeFamilies() {}

    private static void add(List<NodeType> all, NodeType type, String family, String seed, String seedName) {
        all.add(type);
        ORIGINS.put(type.id(), new Origin(family, seed, seedName));
    }

    /** The origin of a seed node type, or null for any other type. */
    public static Origin origin(String typeId) {
        return ORIGINS.get(typeId);
    }
}
