package io.canopy.bt.observe;

import com.google.gson.JsonObject;
import io.canopy.bt.Node;
import io.canopy.bt.NodeObserver;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.tick.NanoClock;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Watches one tree: on the tick thread it keeps a byte per node (its status, indexed by the node's
 * depth-first index, its uid) and, once someone reads them ({@link #reader()}), appends each real change to a
 * {@link TransitionRing}; other threads copy the statuses ({@link #copyStatuses}) or read the ring. Watched by
 * Groot2 alone (status polls), the tick pays two byte stores per transition; with a reader, one clock read per
 * tick and a few stores more per transition. Nothing allocates, nothing waits.
 *
 * <p>Time is the tree's clock ({@link NanoClock}), read at the first transition of each tick: every
 * transition of a tick carries that time and the tick's number.
 */
public final class TreeObserver implements NodeObserver, AutoCloseable {
    /** Default ring size: room for a few seconds of a busy tree between two reads. */
    public static final int DEFAULT_RING = 1 << 14;
    private static final int MAX_NODES = 0xFFFF;

    private final Tree tree;
    private final NanoClock clock;
    private final List<Node> nodes;
    private final int[] parents;
    private final byte[] status;
    private final byte[] before;
    private final TransitionRing ring;
    private long tickNs;
    private boolean tickTimed;
    private long tick;
    /** Status changes so far (published with the status bytes at the end of each tick). */
    private long changes;
    /** Each tick's start and duration, when {@link #timeTicks()} asked for them; else null. */
    private volatile TransitionRing spans;
    /** Set once a reader of the ring exists; until then only the status bytes are kept (all Groot2 polls need). */
    private volatile boolean ringWanted;
    /** The tick thread's copy of {@link #ringWanted}, read once per tick. */
    private boolean recording;
    /** Release-stored at the end of each tick, so other threads see the status bytes of the ticks before. */
    @SuppressWarnings("unused")
    private volatile long ticksDone;
    private static final VarHandle TICKS_DONE;

    static {
        try {
            TICKS_DONE = MethodHandles.lookup().findVarHandle(TreeObserver.class, "ticksDone", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private TreeObserver(Tree tree, int ringCapacity) {
        if (tree.nodeCount() > MAX_NODES) {
            throw new IllegalArgumentException("tree '" + tree.id() + "' has " + tree.nodeCount()
                    + " nodes; observation (Groot2, .btlog) numbers nodes with 16 bits, so at most " + MAX_NODES);
        }
        this.tree = tree;
        this.clock = tree.context().clock();
        List<Node> list = new ArrayList<>(tree.nodeCount());
        tree.forEachNode(list::add);
        this.nodes = Collections.unmodifiableList(list);
        Map<Node, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            index.put(list.get(i), i);
        }
        parents = new int[list.size()];
        Arrays.fill(parents, -1);
        for (int i = 0; i < list.size(); i++) {
            Node n = list.get(i);
            for (int c = 0; c < n.childCount(); c++) {
                Integer ci = index.get(n.child(c));
                if (ci != null) {
                    parents[ci] = i;
                }
            }
        }
        status = new byte[list.size()];
        before = new byte[list.size()];
        for (int i = 0; i < list.size(); i++) {
            status[i] = (byte) list.get(i).status().ordinal();
        }
        ring = new TransitionRing(ringCapacity);
        tickNs = clock.nanoTime();
    }

    /** Starts observing {@code tree} (call from the tick thread, or before it ticks). */
    public static TreeObserver attach(Tree tree) {
        return attach(tree, DEFAULT_RING);
    }

    public static TreeObserver attach(Tree tree, int ringCapacity) {
        TreeObserver o = new TreeObserver(tree, ringCapacity);
        tree.observe(o);
        return o;
    }

    /** A blackboard dump asked for by another thread, answered at the end of the next tick; null when none. */
    private volatile CompletableFuture<JsonObject> blackboardAsked;

    /**
     * The tree's blackboard as JSON ({@link BlackboardJson}), copied by the tick thread at the end of its next
     * tick (the only allocation this observer makes on the tick thread, and only when asked); waits at most
     * {@code timeoutMs}, then throws {@link java.util.concurrent.TimeoutException} (a tree that is not ticking).
     */
    public JsonObject blackboardSnapshot(long timeoutMs)
            throws TimeoutException, InterruptedException {
        CompletableFuture<JsonObject> asked = new CompletableFuture<>();
        blackboardAsked = asked;
        try {
            return asked.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            blackboardAsked = null;
        }
    }

    /** Stops observing (the tree goes back to one null check per status store). */
    @Override
    public void close() {
        tree.observe(null);
    }

    @Override
    public void tickStarted() {
        tick++;
        recording = ringWanted;
        if (spans != null) {
            tickNs = clock.nanoTime();
            tickTimed = true;
        } else {
            tickTimed = false;
        }
    }

    @Override
    public void statusChanged(int uid, int s) {
        byte old = status[uid];
        if (old != s) {
            before[uid] = old;
            status[uid] = (byte) s;
            changes++;
            if (recording) {
                if (!tickTimed) {
                    // read the clock once per tick, and only in ticks that change something
                    tickNs = clock.nanoTime();
                    tickTimed = true;
                }
                ring.add(tickNs, tick, uid, old, s);
            }
        }
    }

    @Override
    public void tickEnded() {
        // transitions are published one by one; the status bytes once per tick
        TICKS_DONE.setRelease(this, tick); // a plain store on x86, not a fence
        CompletableFuture<JsonObject> asked = blackboardAsked;
        if (asked != null) { // Groot2 wants the blackboard: copied here, where the tick thread owns it
            blackboardAsked = null;
            asked.complete(BlackboardJson.export(tree.blackboard()));
        }
        TransitionRing s = spans;
        if (s != null) {
            s.append(tickNs, Spans.pack(tick, clock.nanoTime() - tickNs));
        }
    }

    /**
     * From now on, also times each tick (two clock reads per tick instead of at most one) into a ring of
     * spans (start, tick number and duration: see {@link Spans}); returns that ring. Idempotent. Call it before
     * the tree ticks, or from the tick thread.
     */
    public synchronized TransitionRing timeTicks() {
        if (spans == null) {
            spans = new TransitionRing(Spans.DEFAULT_RING);
        }
        return spans;
    }

    public Tree tree() {
        return tree;
    }

    /** The tree's nodes by uid (depth-first order). */
    public List<Node> nodes() {
        return nodes;
    }

    /** The uid of node {@code uid}'s parent, or -1 for the root. */
    public int parent(int uid) {
        return parents[uid];
    }

    /** {@code Main/Sequence/MoveBase}: the names from the root down to node {@code uid}. */
    public String path(int uid) {
        StringBuilder sb = new StringBuilder(nodes.get(uid).name());
        for (int p = parents[uid]; p >= 0; p = parents[p]) {
            sb.insert(0, '/').insert(0, nodes.get(p).name());
        }
        return sb.toString();
    }

    public int nodeCount() {
        return status.length;
    }

    /** The transition ring; asking for it counts as reading it, so it is filled from the next tick on. */
    public TransitionRing ring() {
        ringWanted = true;
        return ring;
    }

    /**
     * Status changes so far, as of the last finished tick (any thread): the cheap way to ask "did anything change
     * since I last looked?" without the transition ring.
     */
    public long changes() {
        TICKS_DONE.getAcquire(this);
        return changes;
    }

    /**
     * A reader of the transitions from the next tick on (the ring is filled only once a reader exists: a tree
     * watched by Groot2 alone keeps just its status bytes).
     */
    public TransitionRing.Reader reader() {
        if (!ringWanted) {
            ringWanted = true;
            recording = true; // before the first tick (attach time); later ticks read ringWanted themselves
        }
        return ring.reader();
    }

    /**
     * Copies each node's status ordinal into {@code statusOut} and the status it had before its last change
     * into {@code beforeOut} (may be null). From any thread: the values are at least as new as the last
     * published transition.
     */
    public void copyStatuses(byte[] statusOut, byte[] beforeOut) {
        TICKS_DONE.getAcquire(this); // makes the status stores of the ticks before visible
        ring.written();
        System.arraycopy(status, 0, statusOut, 0, status.length);
        if (beforeOut != null) {
            System.arraycopy(before, 0, beforeOut, 0, before.length);
        }
    }

    /** The status of node {@code uid} as last seen by this observer (from any thread). */
    public Status status(int uid) {
        TICKS_DONE.getAcquire(this);
        ring.written();
        return Status.values()[status[uid]];
    }
}
