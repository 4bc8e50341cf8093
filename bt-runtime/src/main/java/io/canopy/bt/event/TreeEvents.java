package io.canopy.bt.event;

import io.canopy.bt.Blackboard;
import io.canopy.bt.TreeContext;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import java.util.Arrays;
import java.util.Objects;

/**
 * The events of one tree: the inbound events delivered for the current tick, the outbox {@code SendEvent}
 * writes to, and the unconsumed-event policy (docs/nodes.md, rule E2).
 *
 * <p>Register it with the ticker ({@code ticker.addEventHandler(TreeEvents.of(tree.context()))}): before each tick
 * the ticker hands it the events that arrived, and it copies those whose name a {@code ConsumeEvent} or
 * {@code OnEvent} of the tree listens to into a preallocated pool (other events are not this tree's business
 * and are ignored). During the tick those nodes consume them; after the tick the events nobody consumed are
 * dropped and counted, and under {@link UnconsumedPolicy#ERROR} the tick fails naming the first one. An event
 * is visible only in the tick it was delivered for. Nothing here allocates after the first delivery; only
 * the tick thread uses it.
 */
public final class TreeEvents implements EventHandler, TreeContext.TickScoped {
    /** The events of the tree of {@code context} (made on first use). */
    public static TreeEvents of(TreeContext context) {
        return context.extension(TreeEvents.class, TreeEvents::new);
    }

    @Override
    public void endTick(Blackboard blackboard) {
        endTick();
    }

    private static final int DEFAULT_CAPACITY = 64;
    // the tree's copies keep an event's kind, name, time, number and attachment, never its payload bytes: no
    // node reads them (a script's _payload and the payload output are the attachment), and a copy never
    // allocates a buffer on the tick thread
    private static final int POOL_PAYLOAD_BYTES = 0;

    private String[] listened = new String[0];
    private boolean listenAll;
    private int capacity = DEFAULT_CAPACITY;
    private Event[] pool;
    private boolean[] consumed;
    private int count;
    private int visibleAtBegin;
    private boolean inTick;
    private UnconsumedPolicy policy = UnconsumedPolicy.DROP;
    private long delivered;
    private long consumedCount;
    private long dropped;
    private long overflowed;
    private EventQueue outbox;
    private final Event scratch = new Event(0);

    /** Makes the tree take events named {@code name} (called by event nodes when the tree is built). */
    public void listen(String name) {
        for (String s : listened) {
            if (s.equals(name)) {
                return;
            }
        }
        listened = Arrays.copyOf(listened, listened.length + 1);
        listened[listened.length - 1] = name;
    }

    /** Makes the tree take every event (an event node whose name comes from the blackboard). */
    public void listenAll() {
        listenAll = true;
    }

    /** Whether an event called {@code name} is delivered to this tree. */
    public boolean listensTo(String name) {
        if (listenAll) {
            return true;
        }
        String[] l = listened;
        for (int i = 0; i < l.length; i++) {
            if (l[i] == name || l[i].equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The most events held for one tick (default 64); more are dropped and counted in {@link #overflowed()}. */
    public TreeEvents capacity(int events) {
        if (events < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + events);
        }
        if (pool != null && events != pool.length) {
            throw new IllegalStateException("set the capacity before the first event is delivered");
        }
        capacity = events;
        return this;
    }

    public TreeEvents policy(UnconsumedPolicy unconsumed) {
        this.policy = Objects.requireNonNull(unconsumed, "policy");
        return this;
    }

    public UnconsumedPolicy policy() {
        return policy;
    }

    /** Where {@code SendEvent} puts events; the caller drains it (an IO thread may). */
    public TreeEvents outbox(EventQueue queue) {
        this.outbox = Objects.requireNonNull(queue, "outbox");
        return this;
    }

    /**
     * The outbox; a default one (256 sensor, 64 command slots, whose payload buffers are made only for
     * events that carry payload bytes: {@code SendEvent}'s never do) is made the first time it is needed.
     */
    public EventQueue outbox() {
        if (outbox == null) {
            outbox = EventQueue.builder().name("tree-outbox").sensorCapacity(256).commandCapacity(64).build();
        }
        return outbox;
    }

    /** The ticker's inbox handler: copies the event if this tree listens to its name. */
    @Override
    public void onEvent(Event event) {
        deliver(event);
    }

    /** Delivers one event for the coming (or current) tick; returns false if the tree ignores or had no room. */
    public boolean deliver(Event event) {
        if (!listensTo(event.name())) {
            return false;
        }
        if (pool == null) {
            pool = new Event[capacity];
            consumed = new boolean[capacity];
            for (int i = 0; i < capacity; i++) {
                pool[i] = Event.pooled(POOL_PAYLOAD_BYTES);
            }
        }
        if (count == pool.length) {
            overflowed++;
            dropped++;
            return false;
        }
        copyWithoutPayload(event, pool[count]);
        consumed[count] = false;
        count++;
        delivered++;
        return true;
    }

    private static void copyWithoutPayload(Event from, Event to) {
        to.set(from.kind(), from.name(), from.timestampNs()).value(from.value()).attachment(from.attachment());
    }

    /** Delivers a COMMAND event with a name and a number (no allocation). */
    public boolean deliver(String name, double value) {
        return deliver(name, value, null, 0L);
    }

    /**
     * Delivers a COMMAND event built from its parts (no allocation): for an event bus on the tick thread
     * that already holds the name, number and attachment (for example a parsed message).
     */
    public boolean deliver(String name, double value, Object attachment, long timestampNs) {
        Event e = scratch.set(EventKind.COMMAND, name, timestampNs).value(value).attachment(attachment);
        boolean taken = deliver(e);
        e.attachment(null);
        return taken;
    }

    /** Number of events held for this tick (consumed or not). */
    int size() {
        return count;
    }

    Event at(int i) {
        return pool[i];
    }

    boolean isConsumed(int i) {
        return consumed[i];
    }

    void consume(int i) {
        consumed[i] = true;
        consumedCount++;
    }

    /** Called by the tree before each root tick. */
    public void beginTick() {
        if (inTick) {
            // the previous tick failed before ending: its events are gone, later deliveries stay
            discard(visibleAtBegin);
        }
        inTick = true;
        visibleAtBegin = count;
    }

    /** Called by the tree after each root tick: drops what nobody consumed (or fails, per the policy). */
    public void endTick() {
        inTick = false;
        String firstUnconsumed = null;
        for (int i = 0; i < count; i++) {
            if (!consumed[i]) {
                dropped++;
                if (firstUnconsumed == null) {
                    firstUnconsumed = pool[i].name();
                }
            }
            pool[i].attachment(null);
        }
        count = 0;
        visibleAtBegin = 0;
        if (firstUnconsumed != null && policy == UnconsumedPolicy.ERROR) {
            throw new IllegalStateException("event '" + firstUnconsumed + "' was not consumed in the tick it "
                    + "was delivered for (unconsumed-event policy 'error'); consume it with ConsumeEvent or "
                    + "OnEvent, or use the policy 'drop'");
        }
    }

    private void discard(int n) {
        for (int i = 0; i < n; i++) {
            if (!consumed[i]) {
                dropped++;
            }
        }
        for (int i = n; i < count; i++) {
            pool[i - n].copyFrom(pool[i]); // no payload bytes in the pool: copies nothing more
            consumed[i - n] = consumed[i];
        }
        count -= n;
    }

    /** Events delivered to this tree (that it listens to) since it was built. */
    public long delivered() {
        return delivered;
    }

    public long consumed() {
        return consumedCount;
    }

    /** Events dropped unconsumed (including overflow). */
    public long dropped() {
        return dropped;
    }

    /** Events dropped because more than {@link #capacity(int)} arrived for one tick. */
    public long overflowed() {
        return overflowed;
    }
}
