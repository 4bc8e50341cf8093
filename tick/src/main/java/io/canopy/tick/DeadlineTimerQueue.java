package io.canopy.tick;

import java.util.Arrays;

/**
 * The one-shot timers of one tick thread: a binary min-heap of deadlines over preallocated parallel arrays,
 * so scheduling, cancelling and expiring allocate nothing once the capacity suffices (it doubles when
 * exceeded, which is the only allocation).
 *
 * <p>Why not Agrona's {@code DeadlineTimerWheel}: it expires the timers of one spoke in slot order rather
 * than deadline order, compares {@code now >= deadline} (not wrap-safe), and advances one spoke per poll, so
 * a manual clock jumping an hour ahead would need millions of polls. Here {@link #poll(long)} fires every
 * due timer in deadline order, timers with the same deadline in the order they were scheduled, in one
 * call, and all comparisons are wrap-safe ({@code a - b < 0}), so deadlines may straddle
 * {@link Long#MAX_VALUE}. The cost is O(log n) per schedule, cancel and expiry, which for the tens to
 * hundreds of timers of a robot node is a handful of array reads.
 *
 * <p>Callbacks may schedule and cancel timers, including ones due at the current poll time: those fire
 * within the same poll, after the ones already due at an earlier or equal deadline. A callback that keeps
 * rescheduling itself at a deadline that is already due would never let {@link #poll(long)} return; use
 * {@link #poll(long, int)} to bound the work of one call.
 *
 * <p>Timer ids encode a slot and a generation, so a stale id (a timer that ran or was cancelled, even if its
 * slot was reused) is refused by {@link #cancel(long)}. Not thread-safe: only the tick thread uses it.
 */
public final class DeadlineTimerQueue implements OneShotTimers {
    private static final int SLOT_BITS = 32;
    private static final long SLOT_MASK = 0xFFFF_FFFFL;
    private static final int GENERATION_MASK = 0x7FFF_FFFF;

    private final NanoClock clock;

    // per slot
    private long[] deadlineNs;
    private long[] sequence;
    private TimerCallback[] callbacks;
    private int[] heapIndex; // -1 when the slot is free
    private int[] generation;

    // heap of slot numbers, ordered by (deadline, sequence)
    private int[] heap;
    private int size;

    // free slots, used as a stack
    private int[] freeSlots;
    private int freeCount;

    private long nextSequence;

    /** A queue on {@code clock} with room for 64 timers before it grows. */
    public DeadlineTimerQueue(NanoClock clock) {
        this(clock, 64);
    }

    /** A queue on {@code clock} with room for {@code initialCapacity} pending timers before it grows. */
    public DeadlineTimerQueue(NanoClock clock, int initialCapacity) {
        if (clock == null) {
            throw new IllegalArgumentException("clock is null");
        }
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("initialCapacity must be at least 1: " + initialCapacity);
        }
        this.clock = clock;
        deadlineNs = new long[initialCapacity];
        sequence = new long[initialCapacity];
        callbacks = new TimerCallback[initialCapacity];
        heapIndex = new int[initialCapacity];
        generation = new int[initialCapacity];
        heap = new int[initialCapacity];
        freeSlots = new int[initialCapacity];
        Arrays.fill(heapIndex, -1);
        for (int i = 0; i < initialCapacity; i++) {
            freeSlots[i] = initialCapacity - 1 - i; // slot 0 is used first
        }
        freeCount = initialCapacity;
    }

    @Override
    public NanoClock clock() {
        return clock;
    }

    /** Schedules {@code callback} at {@code clock().nanoTime() + delayNs}. */
    public long scheduleAfter(long delayNs, TimerCallback callback) {
        return scheduleAt(clock.nanoTime() + delayNs, callback);
    }

    @Override
    public long scheduleAt(long deadlineNs, TimerCallback callback) {
        if (callback == null) {
            throw new IllegalArgumentException("callback is null");
        }
        if (freeCount == 0) {
            grow();
        }
        int slot = freeSlots[--freeCount];
        int gen = (generation[slot] + 1) & GENERATION_MASK;
        generation[slot] = gen;
        this.deadlineNs[slot] = deadlineNs;
        sequence[slot] = nextSequence++;
        callbacks[slot] = callback;
        int i = size++;
        heap[i] = slot;
        heapIndex[slot] = i;
        siftUp(i);
        return ((long) gen << SLOT_BITS) | slot;
    }

    @Override
    public boolean cancel(long timerId) {
        int slot = liveSlot(timerId);
        if (slot < 0) {
            return false;
        }
        removeAt(heapIndex[slot]);
        release(slot);
        return true;
    }

    /** True while the timer with this id is scheduled and has neither run nor been cancelled. */
    public boolean isPending(long timerId) {
        return liveSlot(timerId) >= 0;
    }

    /** The deadline of a pending timer; throws when {@link #isPending(long)} is false. */
    public long deadlineOf(long timerId) {
        int slot = liveSlot(timerId);
        if (slot < 0) {
            throw new IllegalArgumentException("timer " + timerId + " is not pending");
        }
        return deadlineNs[slot];
    }

    /** How many timers are pending. */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The earliest pending deadline; only meaningful when {@link #isEmpty()} is false. */
    public long nextDeadlineNs() {
        if (size == 0) {
            throw new IllegalStateException("no timer is pending");
        }
        return deadlineNs[heap[0]];
    }

    /** True when a timer is pending whose deadline is at or before {@code nowNs}. */
    public boolean hasDue(long nowNs) {
        return size > 0 && deadlineNs[heap[0]] - nowNs <= 0;
    }

    /**
     * Runs every timer whose deadline is at or before {@code nowNs}, earliest first, equal deadlines in the
     * order they were scheduled, and returns how many ran. Each callback gets {@code nowNs}.
     */
    public int poll(long nowNs) {
        return poll(nowNs, Integer.MAX_VALUE);
    }

    /** As {@link #poll(long)} but runs at most {@code maxExpiries} timers; the rest stay pending. */
    public int poll(long nowNs, int maxExpiries) {
        int fired = 0;
        while (fired < maxExpiries && size > 0) {
            int slot = heap[0];
            if (deadlineNs[slot] - nowNs > 0) {
                break;
            }
            long id = ((long) generation[slot] << SLOT_BITS) | slot;
            TimerCallback callback = callbacks[slot];
            removeAt(0);
            release(slot);
            fired++;
            callback.onTimer(id, nowNs);
        }
        return fired;
    }

    /** Cancels every pending timer. */
    public void clear() {
        while (size > 0) {
            int slot = heap[size - 1];
            size--;
            release(slot);
        }
    }

    private int liveSlot(long timerId) {
        if (timerId < 0) {
            return -1;
        }
        long slotL = timerId & SLOT_MASK;
        if (slotL >= heapIndex.length) {
            return -1;
        }
        int slot = (int) slotL;
        int gen = (int) (timerId >>> SLOT_BITS);
        if (heapIndex[slot] < 0 || generation[slot] != gen) {
            return -1;
        }
        return slot;
    }

    private void release(int slot) {
        heapIndex[slot] = -1;
        callbacks[slot] = null;
        freeSlots[freeCount++] = slot;
    }

    private void removeAt(int i) {
        int last = --size;
        if (i != last) {
            int moved = heap[last];
            heap[i] = moved;
            heapIndex[moved] = i;
            siftDown(i);
            if (heap[i] == moved) {
                siftUp(i);
            }
        }
    }

    /** True when slot a fires before slot b. */
    private boolean before(int a, int b) {
        long d = deadlineNs[a] - deadlineNs[b];
        if (d != 0) {
            return d < 0;
        }
        return sequence[a] - sequence[b] < 0;
    }

    private void siftUp(int i) {
        int slot = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int p = heap[parent];
            if (!before(slot, p)) {
                break;
            }
            heap[i] = p;
            heapIndex[p] = i;
            i = parent;
        }
        heap[i] = slot;
        heapIndex[slot] = i;
    }

    private void siftDown(int i) {
        int slot = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int c = heap[child];
            int right = child + 1;
            if (right < size && before(heap[right], c)) {
                child = right;
                c = heap[child];
            }
            if (!before(c, slot)) {
                break;
            }
            heap[i] = c;
            heapIndex[c] = i;
            i = child;
        }
        heap[i] = slot;
        heapIndex[slot] = i;
    }

    private void grow() {
        int oldCapacity = heapIndex.length;
        int capacity = oldCapacity * 2;
        if (oldCapacity >= 1 << 30) {
            throw new IllegalStateException("too many pending one-shot timers: " + oldCapacity);
        }
        deadlineNs = Arrays.copyOf(deadlineNs, capacity);
        sequence = Arrays.copyOf(sequence, capacity);
        callbacks = Arrays.copyOf(callbacks, capacity);
        heapIndex = Arrays.copyOf(heapIndex, capacity);
        Arrays.fill(heapIndex, oldCapacity, capacity, -1);
        generation = Arrays.copyOf(generation, capacity);
        heap = Arrays.copyOf(heap, capacity);
        freeSlots = Arrays.copyOf(freeSlots, capacity);
        for (int s = capacity - 1; s >= oldCapacity; s--) {
            freeSlots[freeCount++] = s;
        }
    }
}
