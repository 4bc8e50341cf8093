package io.canopy.bt;

import io.canopy.tick.NanoClock;
import io.canopy.tick.OneShotTimers;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * What every node of one tree shares: the clock, the one-shot timers (Delay, Timeout, Sleep), a seeded random
 * source (so a run can be reproduced), and the wake-up signal that asks {@link Tree#tickOnce()} to tick again
 * at once. Owned by the tick thread.
 */
public final class TreeContext {
    private final NanoClock clock;
    private final OneShotTimers timers;
    private final SplittableRandom random;
    private final long seed;
    private final Map<Class<?>, Object> services = new HashMap<>();
    private boolean wakeUp;
    /** The services that take part in every tick, in the order they were made. */
    private TickScoped[] scoped = new TickScoped[0];

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
     * accumulator, a device): node families in other packages look it up in their constructor with
     * {@link #service(Class)}, never on the tick path. Call before loading the tree.
     */
    public <T> TreeContext withService(Class<T> type, T service) {
        services.put(type, type.cast(service));
        return this;
    }

    /** The service registered for {@code type}, or null. */
    public <T> T service(Class<T> type) {
        return type.cast(services.get(type));
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
     * The service of {@code type} for this tree, made by {@code create} on first use (at load time: a node
     * family's constructor asks, e.g. {@code TreeEvents.of(context)}). A service that is {@link TickScoped}
     * is told when each tick begins and ends. Node families plug in here; the context knows none of them.
     */
    public <T> T extension(Class<T> type, Supplier<T> create) {
        Object s = services.get(type);
        if (s == null) {
            T made = create.get();
            services.put(type, made);
            if (made instanceof TickScoped t) {
                TickScoped[] a = Arrays.copyOf(scoped, scoped.length + 1);
                a[scoped.length] = t;
                scoped = a;
            }
            return made;
        }
        return type.cast(s);
    }

    /** A per-tree service that takes part in every tick (an event inbox, a reward accumulator). */
    public interface TickScoped {
        void beginTick();

        void endTick(Blackboard blackboard);
    }

    void beginTick() {
        for (TickScoped t : scoped) {
            t.beginTick();
        }
    }

    void endTick(Blackboard blackboard) {
        for (TickScoped t : scoped) {
            t.endTick(blackboard);
        }
    }
}
