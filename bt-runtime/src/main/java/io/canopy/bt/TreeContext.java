package io.canopy.bt;

import io.canopy.bt.event.TreeEvents;
import io.canopy.bt.xbt.TreeRewards;
import io.canopy.tick.NanoClock;
import io.canopy.tick.OneShotTimers;
import java.util.SplittableRandom;

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
    private final java.util.Map<Class<?>, Object> services = new java.util.HashMap<>();
    private boolean wakeUp;
    private final TreeEvents events = new TreeEvents();
    private final TreeRewards rewards = new TreeRewards();

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

    /** The events delivered to this tree for the current tick, its outbox and unconsumed-event policy. */
    public TreeEvents events() {
        return events;
    }

    /** The reward accumulator (xbt): leaves add, the caller reads the last tick's total. */
    public TreeRewards rewards() {
        return rewards;
    }

    void beginTick() {
        rewards.beginTick();
        events.beginTick();
    }

    void endTick(Blackboard blackboard) {
        rewards.endTick(blackboard);
        events.endTick();
    }
}
