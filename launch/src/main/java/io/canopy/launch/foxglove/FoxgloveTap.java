package io.canopy.launch.foxglove;

import io.canopy.launch.run.ForwardingTap;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeTap;
import io.canopy.tick.NanoClock;
import java.util.function.Consumer;

/**
 * A node's tap for the live server: the node's own tap ({@code inner}: a recorder, a systemd watch, or none) plus,
 * at the end of every cycle, a {@link WellKnownSampler} (which allocates nothing and never waits). The sampler is
 * built when the node is attached and handed to {@code onSampler} (the server).
 */
final class FoxgloveTap extends ForwardingTap {
    private final Consumer<WellKnownSampler> onSampler;
    private long epochOffsetNs;
    private WellKnownSampler sampler;

    FoxgloveTap(NodeTap inner, Consumer<WellKnownSampler> onSampler) {
        super(inner);
        this.onSampler = onSampler;
    }

    @Override
    public NanoClock clock(NanoClock base) {
        NanoClock c = inner.clock(base);
        epochOffsetNs = System.currentTimeMillis() * 1_000_000L - c.nanoTime();
        return c;
    }

    @Override
    public void attached(NodeControl node) {
        inner.attached(node);
        sampler = WellKnownSampler.of(node.view(), epochOffsetNs);
        onSampler.accept(sampler);
    }

    @Override
    public void afterCycle(int timer, long nowNs) {
        inner.afterCycle(timer, nowNs);
        WellKnownSampler s = sampler;
        if (s != null) {
            s.afterCycle(nowNs);
        }
    }

    WellKnownSampler sampler() {
        return sampler;
    }
}
