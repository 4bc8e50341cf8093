package io.canopy.launch.route;

import io.canopy.OnceLog;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.run.Failsafe;
import io.canopy.launch.run.MachineSlot;
import io.canopy.launch.run.TreeSlot;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import java.util.Arrays;
import org.slf4j.LoggerFactory;

/**
 * The node's events, on the tick thread: every event (from a binding, a link's device.lost/back, a
 * machine's {@code <send target="node">}, a tree's outcome or {@code SendEvent}) goes to every state machine
 * and every listening tree except its sender, and to the outbox for the {@code event:} → {@code mqtt:} /
 * {@code serial:} bindings of its name. A tree takes an event when one of its {@code ConsumeEvent} /
 * {@code OnEvent} nodes listens to the name and the tree will tick (its {@code active_in} state is active,
 * its run has not ended for good); it sees the event in its next tick. Nothing here allocates.
 */
public final class EventBus {
    private MachineSlot[] machines = new MachineSlot[0];
    private TreeSlot[] trees = new TreeSlot[0];
    /** Event names with outgoing bindings, and their outbox keys (same index). */
    private String[] outNames = new String[0];
    private String[] outKeys = new String[0];
    private final EventQueue outbox;
    private final Event scratch = new Event(0);
    /**
     * Outgoing events the outbox had no room for in their tick, oldest first (a ring of pre-made events): they go
     * out, in order, before anything newer, from the next tick on. Only when this is full too is an event dropped.
     */
    private final Event[] carry = new Event[CARRY];
    private int carryHead;
    private int carrySize;
    private Drops drops = new Drops("node");
    private long delivered;
    private long refused;
    private long unconsumed;
    private final boolean errorOnUnconsumed;
    private final OnceLog onceLog = new OnceLog(LoggerFactory.getLogger(EventBus.class));

    /** @param eventPolicy the node's {@code event_policy}: "drop" counts events nobody takes, "error" also logs each name once */
    public EventBus(EventQueue outbox, String eventPolicy) {
        this.outbox = outbox;
        this.errorOnUnconsumed = "error".equals(eventPolicy);
        for (int i = 0; i < carry.length; i++) {
            carry[i] = new Event(0);
        }
    }

    /** How many outgoing events may wait for the outbox beyond its command lane. */
    static final int CARRY = 4096;

    /** Load time: where drops and carried events are counted (the outbox's, which logs them). */
    void drops(Drops d) {
        this.drops = d;
    }

    public void addMachine(MachineSlot m) {
        MachineSlot[] a = Arrays.copyOf(machines, machines.length + 1);
        a[machines.length] = m;
        machines = a;
    }

    public void addTree(TreeSlot t) {
        TreeSlot[] a = Arrays.copyOf(trees, trees.length + 1);
        a[trees.length] = t;
        trees = a;
    }

    public void addOutgoing(String eventName, String outboxKey) {
        int n = outNames.length;
        outNames = Arrays.copyOf(outNames, n + 1);
        outKeys = Arrays.copyOf(outKeys, n + 1);
        outNames[n] = eventName;
        outKeys[n] = outboxKey;
    }

    /** Tick thread: delivers {@code name} with {@code data} (may be null) and the number 0 to all but {@code from}. */
    public void publish(String name, Object data, Object from, long nowNs) {
        publish(name, 0, data, from, nowNs);
    }

    /**
     * Tick thread: delivers {@code name} to every machine (which gets {@code data}, may be null), every
     * listening tree (which gets {@code value} and {@code data}) and every outgoing binding of the name, except
     * {@code from} (the sending machine or {@link TreeSlot}, or null).
     */
    public void publish(String name, double value, Object data, Object from, long nowNs) {
        delivered++;
        if (name.startsWith("device.") || name.startsWith("watchdog.") || name.startsWith("motors.")) {
            countSafety(name);
            if (failsafe != null) {
                failsafe.onEvent(name, data);
            }
        }
        int takers = 0;
        MachineSlot[] ms = machines;
        for (int i = 0; i < ms.length; i++) {
            if (ms[i].machine() != from) {
                ms[i].offer(name, data);
                takers++;
            }
        }
        TreeSlot[] ts = trees;
        for (int i = 0; i < ts.length; i++) {
            if (ts[i] != from && ts[i].offer(name, value, data, nowNs)) {
                takers++;
            }
        }
        for (int i = 0; i < outNames.length; i++) {
            if (outNames[i].equals(name)) {
                takers++;
                send(outKeys[i], value, data, nowNs);
            }
        }
        if (takers == 0) {
            unconsumed++;
            if (errorOnUnconsumed) {
                onceLog.warn("unconsumed:" + name, "event '{}' reached no state machine, no listening tree and no binding (event_policy=error) (logged once; repeats are only counted)", name);
            }
        }
    }

    /** Tick thread: to the outbox behind whatever waits in the carry ring; into the ring when there is no room. */
    private void send(String key, double value, Object data, long nowNs) {
        if (carrySize == 0 || flush() == 0) {
            scratch.set(EventKind.COMMAND, key, nowNs).value(value).attachment(data);
            boolean sent = outbox.offer(scratch);
            scratch.attachment(null);
            if (sent) {
                return;
            }
        }
        if (carrySize == carry.length) {
            refused++;
            drops.count(Drops.Cause.OUTBOX_FULL);
            return;
        }
        carry[(carryHead + carrySize) & (CARRY - 1)].set(EventKind.COMMAND, key, nowNs).value(value).attachment(data);
        carrySize++;
        drops.count(Drops.Cause.OUTBOX_WAITED);
    }

    /**
     * Tick thread, each tick (output phase) and before each outgoing event: moves carried events into the outbox,
     * oldest first, while it has room; returns how many still wait.
     */
    public int flush() {
        while (carrySize > 0) {
            Event e = carry[carryHead];
            if (!outbox.offer(e)) {
                return carrySize;
            }
            e.attachment(null);
            carryHead = (carryHead + 1) & (CARRY - 1);
            carrySize--;
        }
        return 0;
    }

    /** Where this bus counts what it dropped or held back. */
    public Drops drops() {
        return drops;
    }

    /** Outgoing events waiting for room in the outbox now. */
    int carried() {
        return carrySize;
    }

    private Failsafe failsafe;

    /** Load time: the failsafe that hears device.lost, device.back and motors.release. */
    public void failsafe(Failsafe f) {
        this.failsafe = f;
    }

    private long lostEvents;
    private long backEvents;
    private long stallEvents;

    private void countSafety(String name) {
        switch (name) {
            case SerialLink.EVENT_DEVICE_LOST -> lostEvents++;
            case SerialLink.EVENT_DEVICE_BACK -> backEvents++;
            case Failsafe.EVENT_STALL -> stallEvents++;
            default -> { }
        }
    }

    /** The failsafe's events that went on the bus: device.lost, device.back, watchdog.stall. */
    public long lostEvents() {
        return lostEvents;
    }

    public long backEvents() {
        return backEvents;
    }

    public long stallEvents() {
        return stallEvents;
    }

    /** Events that reached no machine, no listening tree and no outgoing binding (dropped). */
    public long unconsumed() {
        return unconsumed;
    }

    long delivered() {
        return delivered;
    }

    /** Outgoing events dropped because the outbox and the carry ring were both full. */
    long refused() {
        return refused;
    }
}
