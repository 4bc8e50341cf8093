package io.canopy.launch.run;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.tick.Event;
import io.canopy.tick.NanoClock;

/**
 * The narrow seam through which a recorder ({@code canopy run --record}) or a replayer ({@code canopy replay})
 * sees one node: what enters each timer's cycle and when it runs. The node calls these; the implementations
 * live in {@code io.canopy.launch.record}. The tick-thread methods must not allocate or block.
 */
public interface NodeTap {
    /** No recording, no replay. */
    NodeTap NONE = new NodeTap() {};

    /** Load time: the clock the node runs on, given the runner's. */
    default NanoClock clock(NanoClock base) {
        return base;
    }

    /** Load time: a cable to use instead of opening the link's port or starting its simulator (replay), or null. */
    default InProcessWire replaceLink(String link) {
        return null;
    }

    /** Load time: what the link's reader delivers to; {@code hub} (the link's roles), or a gate in front of it. */
    default LinkSink linkSink(String link, LinkSink hub) {
        return hub;
    }

    /** After load, before anything runs (outbox actions may still be added); {@code node.view()} shows the node. */
    default void attached(NodeControl node) {}

    /**
     * Tick thread, first thing in a cycle: the time the cycle runs at, given the ticker's ({@code nowNs}); a replay
     * returns the recorded one (two timers due at one deadline ran one after the other, at two times).
     */
    default long cycleTime(int timer, long nowNs) {
        return nowNs;
    }

    /** Tick thread: timer {@code timer} (index in the launch file's order) starts its cycle at {@code nowNs}. */
    default void beforeCycle(int timer, long nowNs) {}

    /** Tick thread: the cycle of timer {@code timer} ended. */
    default void afterCycle(int timer, long nowNs) {}

    /** Tick thread: the router is about to apply an inbox event. */
    default void routed(Event event) {}

    /** After the node has shut down (trees halted, motors stopped). */
    default void closed() {}
}
