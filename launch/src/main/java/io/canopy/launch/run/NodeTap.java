package io.canopy.launch.run;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.ByteLink;
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

    /**
     * Load time: the transport a device link ({@code <mavlink>} on {@code <udp>} or {@code <serial>}) uses: {@code real}
     * (opened next), a wrapper that sees every frame written (recording), or a stand-in for the device (replay).
     */
    default Transport deviceTransport(String link, String protocol, Transport real) {
        return real;
    }

    /**
     * Load time: what a device link's reader hands the bytes it reads to: {@code role} (the device's parser), or a
     * wrapper in front of it that records each read and holds it back while a tick runs.
     */
    default ByteLink.Receiver deviceReceiver(String link, String device, ByteLink.Receiver role) {
        return role;
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
