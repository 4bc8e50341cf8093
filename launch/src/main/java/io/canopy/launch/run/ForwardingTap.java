package io.canopy.launch.run;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.tick.Event;
import io.canopy.tick.NanoClock;

/**
 * A tap in front of another ({@code inner}: a recorder, a replayer, or {@link NodeTap#NONE}) that forwards every
 * call; an observer (the systemd watch, the Foxglove sampler) extends it and overrides only what it adds, so that a
 * method added to {@link NodeTap} reaches the recorder behind every observer.
 */
public abstract class ForwardingTap implements NodeTap {
    protected final NodeTap inner;

    protected ForwardingTap(NodeTap inner) {
        this.inner = inner == null ? NodeTap.NONE : inner;
    }

    @Override
    public NanoClock clock(NanoClock base) {
        return inner.clock(base);
    }

    @Override
    public InProcessWire replaceLink(String link) {
        return inner.replaceLink(link);
    }

    @Override
    public LinkSink linkSink(String link, LinkSink hub) {
        return inner.linkSink(link, hub);
    }

    @Override
    public Transport deviceTransport(String link, String protocol, Transport real) {
        return inner.deviceTransport(link, protocol, real);
    }

    @Override
    public ByteLink.Receiver deviceReceiver(String link, String device, ByteLink.Receiver role) {
        return inner.deviceReceiver(link, device, role);
    }

    @Override
    public void attached(NodeControl node) {
        inner.attached(node);
    }

    @Override
    public long cycleTime(int timer, long nowNs) {
        return inner.cycleTime(timer, nowNs);
    }

    @Override
    public void beforeCycle(int timer, long nowNs) {
        inner.beforeCycle(timer, nowNs);
    }

    @Override
    public void afterCycle(int timer, long nowNs) {
        inner.afterCycle(timer, nowNs);
    }

    @Override
    public void routed(Event event) {
        inner.routed(event);
    }

    @Override
    public void closed() {
        inner.closed();
    }
}
