package io.canopy.bt;

import io.canopy.bt.event.TreeEvents;
import io.canopy.tick.NanoClock;
import io.canopy.tick.OneShotTimers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * What every node of one tree shares: the clock, the one-shot timers (Delay, Timeout, Sleep), a seeded random
 * source (so a run can be reproduced), the wake-up signal that asks {@link Tree#tickOnce()} to tick again at
 * once, and the per-tree services of node families (an event inbox, a reward accumulator, named timers),
 * each registered under its own type. Owned by the tick thread.
 *
 * <p>The context knows no family: a family keeps its per-tree state in a service it registers here, usually
 * on first use from a node's constructor ({@code TreeRewards.of(init.context())}, which calls {@link
 * #service(Class, Function)}). A service that implements {@link TickListener} is told when each root tick
 * begins and ends, in registration order.
 */
public final class TreeContext {
    /** A per-tree service that wants to hear about root ticks (events cleared, rewards published). */
    public interface TickListener {
        /** Before each root tick. */
        default void beginTick() {}

        /** After each root tick that did not throw; may throw to fail the tick (the others still run). */
        default void endTick(Blackboard blackboard) {}
    }

    private final NanoClock clock;
    private final OneShotTimers timers;
    private final SplittableRandom random;
    private final long seed;
    private final Map<Class<?>, Object> services = new HashMap<>();
    private final List<TickListener> listenerList = new ArrayList<>();
    private TickListener[] listeners = new TickListener[0];
    private boolean wakeUp;

    public TreeContext(OneShotTimers timers, long seed) {
        this.timers = timers;
        this.clock = timers.clock();
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    public NanoClock clock() {
        return clock;
    }

    public OneShotTimers timers() {
        return timers;
    }

    /** The tree's random source, seeded with {@link #seed()}. */
    public SplittableRandom random() {
        return random;
    }

    public long seed() {
        return seed;
    }

    /**
     * Makes {@code service} available to the nodes of this tree (an event inbox and outbox, a reward
     * accumulator, a device), replacing any registered under {@code type}: node families look it up in their
     * constructor with {@link #service(Class)}, never on the tick path. Call before loading the tree.
     */
    public <T> TreeContext withService(Class<T> type, T service) {
        Object old = services.put(type, type.cast(service));
        if (old instanceof TickListener l) {
            listenerList.remove(l);
        }
        if (service instanceof TickListener l) {
            listenerList.add(l);
        }
        listeners = listenerList.toArray(new TickListener[0]);
        return this;
    }

    /** The service registered for {@code type}, or null. */
    public <T> T service(Class<T> type) {
        return type.cast(services.get(type));
    }

    /**
     * The service registered for {@code type}, made with {@code factory} and registered the first time it is
     * asked for (at load time, from a node's constructor: not on the tick path).
     */
    public <T> T service(Class<T> type, Function<TreeContext, ? extends T> factory) {
        T s = service(type);
        if (s == null) {
            s = factory.apply(this);
            withService(type, s);
        }
        return s;
    }

    /** Asks the tree to be ticked again right away (BT.CPP {@code emitWakeUpSignal}). */
    public void emitWakeUp() {
        wakeUp = true;
    }

    boolean consumeWakeUp() {
        boolean w = wakeUp;
        wakeUp = false;
        return w;
    }

    /**
     * The events of this tree: a shortcut for {@link TreeEvents#of(TreeContext)}, kept for the callers in
     * other modules (the launch runtime, tree-test).
     *
     * @deprecated use {@code TreeEvents.of(context)}; this context does not depend on any node family.
     */
    @Deprecated
    public TreeEvents events() {
        return TreeEvents.of(this);
    }

    void beginTick() {
        TickListener[] ls = listeners;
        for (int i = 0; i < ls.length; i++) {
            ls[i].beginTick();
        }
    }

    void endTick(Blackboard blackboard) {
        TickListener[] ls = listeners;
        RuntimeException first = null;
        for (int i = 0; i < ls.length; i++) {
            try {
                ls[i].endTick(blackboard);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
