package io.canopy.bt.observe;

import io.canopy.tick.NanoClock;
import java.util.List;

/**
 * Records one state machine's steps on the tick thread, as {@link TreeObserver} does for a tree: each
 * transition taken, state exited and state entered goes into a preallocated {@link TransitionRing}
 * (time, tick number, kind, index), and each tick's start and duration into a ring of spans. Other threads
 * read both (console trace, Perfetto JSON). Nothing allocates, nothing waits.
 *
 * <p>The state machine module tells it of the steps through an adapter of its {@code MachineObserver}
 * (bt-runtime knows nothing of machines but their names): see launch's {@code MachineWatch}. Time is the
 * machine's ticker clock, read at the start of each tick (and at each step outside a tick).
 */
public final class MachineRecorder {
    /** Kinds of steps (the {@link #kind(long)} of an entry). */
    public static final int TRANSITION = 1;
    public static final int EXIT = 2;
    public static final int ENTER = 3;

    private final String name;
    private final NanoClock clock;
    private final String[] states;
    private final String[] transitions;
    private final TransitionRing ring;
    private final TransitionRing spans;
    private long tick;
    private long tickNs;
    private boolean inTick;

    /**
     * @param states      state names by index (index 0 unused: the document root)
     * @param transitions transition descriptions by index ({@code Patrol -> Docking on battery.low})
     */
    public MachineRecorder(String name, NanoClock clock, List<String> states, List<String> transitions) {
        if (states.size() > 0xFFFF || transitions.size() > 0xFFFF) {
            throw new IllegalArgumentException("machine '" + name + "' has " + states.size() + " states and "
                    + transitions.size() + " transitions; its trace numbers them with 16 bits, so at most 65535");
        }
        this.name = name;
        this.clock = clock;
        this.states = states.toArray(new String[0]);
        this.transitions = transitions.toArray(new String[0]);
        this.ring = new TransitionRing(TreeObserver.DEFAULT_RING);
        this.spans = new TransitionRing(Spans.DEFAULT_RING);
    }

    public String name() {
        return name;
    }

    /** Tick thread: a tick of the machine begins. */
    public void tickStarted() {
        tick++;
        tickNs = clock.nanoTime();
        inTick = true;
    }

    /** Tick thread: the tick is over; its span is published. */
    public void tickEnded() {
        spans.append(tickNs, Spans.pack(tick, clock.nanoTime() - tickNs));
        inTick = false;
    }

    public void transition(int t) {
        step(TRANSITION, t);
    }

    public void exited(int state) {
        step(EXIT, state);
    }

    public void entered(int state) {
        step(ENTER, state);
    }

    private void step(int kind, int index) {
        // a step outside a tick (the machine's start, a halt at shutdown) reads the clock itself
        long t = inTick ? tickNs : clock.nanoTime();
        ring.append(t, (tick << 32) | ((long) (index & 0xFFFF) << 16) | (kind & 0xFF));
    }

    /** The ring of steps; decode entries with {@link #kind}, {@link #index} and {@link #text}. */
    public TransitionRing steps() {
        return ring;
    }

    /** The ring of tick spans (see {@link Spans}). */
    public TransitionRing spans() {
        return spans;
    }

    public static int kind(long packed) {
        return (int) packed & 0xFF;
    }

    public static int index(long packed) {
        return (int) (packed >>> 16) & 0xFFFF;
    }

    /** The state's name, or the transition's description, of a step. */
    public String text(long packed) {
        int i = index(packed);
        return kind(packed) == TRANSITION ? transitions[i] : states[i];
    }

    /** {@code transition Patrol -> Docking on battery.low}, {@code exit Patrol}, {@code enter Docking}. */
    public String describe(long packed) {
        String verb = switch (kind(packed)) {
            case TRANSITION -> "transition ";
            case EXIT -> "exit ";
            default -> "enter ";
        };
        return verb + text(packed);
    }
}
