package io.canopy.launch.foxglove;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeTap;
import io.canopy.tick.Event;
import io.canopy.tick.NanoClock;
import java.util.function.Consumer;

/**
 * A node's tap for the live server: the node's own tap ({@code inner}: a recorder, a systemd watch, or none) plus,
 * at the end of every cycle, a {@link WellKnownSampler} (which allocates nothing and never waits). The sampler is
 * built when the node is attached and handed to {@code onSampler} (the server).
 */
final class FoxgloveTap implements NodeTap {
    private final NodeTap inner;
    private final Consumer<WellKnownSampler> onSampler;
    private long epochOffsetNs;
    private WellKnownSampler sampler;

    FoxgloveTap(NodeTap inner, Consumer<WellKnownSampler> onSampler) {
        this.inner = inner;
        this.onSampler = onSampler;
    }

    @Override
    public NanoClock clock(NanoClock base) {
        NanoClock c = inner.clock(base);
        epochOffsetNs = System.currentTimeMillis() * 1_000_000L - c.nanoTime();
        return c;
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
    public void attached(NodeControl node) {
        if (inner != NodeTap.NONE) {
            inner.attached(node);
        }
        sampler = WellKnownSampler.of(node.view(), epochOffsetNs);
        onSampler.accept(sampler);
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
        WellKnownSampler s = sampler;
        if (s != null) {
            s.afterCycle(nowNs);
        }
    }

    @Override
    public void routed(Event event) {
        inner.routed(event);
    }

    @Override
    public void closed() {
        inner.closed();
    }

    WellKnownSampler sampler() {
        return sampler;
    }
}
