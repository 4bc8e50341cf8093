package io.canopy.launch.record;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeTap;
import io.canopy.launch.run.NodeView;
import io.canopy.tick.Event;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.NanoClock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tap of a replayed node: every link becomes an in-process cable whose far end the {@link Replay} writes the
 * recorded messages into (so the link's reader, counters and clock stamps work as in the run), and a
 * {@link Recorder} sees the node exactly as it saw the recorded one, handing its messages to the comparison
 * instead of a file.
 */
final class ReplayTap implements NodeTap {
    final Recorder recorder;
    final Map<String, InProcessWire> wires = new LinkedHashMap<>();
    /** Per link: the recorder's sink in front of the roles (device lost/back are handed to it directly). */
    final Map<String, LinkSink> sinks = new LinkedHashMap<>();
    /** Per device link: the recorder's receiver in front of the device's role, which the replay hands the recorded reads. */
    final Map<String, ByteLink.Receiver> receivers = new LinkedHashMap<>();
    NodeView node;
    /** Per timer, the recorded time of each of its ticks (tick n at [n - 1]); set by the replay before it runs. */
    long[][] tickTimes = new long[0][];
    ManualNanoClock clock;

    ReplayTap(Recorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public NanoClock clock(NanoClock base) {
        return recorder.clock(base);
    }

    @Override
    public InProcessWire replaceLink(String link) {
        return wires.computeIfAbsent(link, k -> new InProcessWire());
    }

    @Override
    public LinkSink linkSink(String link, LinkSink hub) {
        LinkSink s = recorder.linkSink(link, hub);
        sinks.put(link, s);
        return s;
    }

    @Override
    public Transport deviceTransport(String link, String protocol, Transport real) {
        return recorder.deviceTransport(link, protocol, new RecordedDevice(link));
    }

    @Override
    public ByteLink.Receiver deviceReceiver(String link, String device, ByteLink.Receiver role) {
        ByteLink.Receiver r = recorder.deviceReceiver(link, device, role);
        receivers.put(link, r);
        return r;
    }

    @Override
    public void attached(NodeControl n) {
        node = n.view();
        recorder.attached(n);
    }

    @Override
    public long cycleTime(int timer, long nowNs) {
        long n = node.ticks(timer);
        if (timer >= tickTimes.length || n < 1 || n > tickTimes[timer].length) {
            return nowNs;
        }
        long recorded = tickTimes[timer][(int) (n - 1)];
        if (recorded - clock.nanoTime() > 0) {
            clock.setNs(recorded);
        }
        return recorded;
    }

    @Override
    public void beforeCycle(int timer, long nowNs) {
        recorder.beforeCycle(timer, nowNs);
    }

    @Override
    public void afterCycle(int timer, long nowNs) {
        recorder.afterCycle(timer, nowNs);
    }

    @Override
    public void routed(Event event) {
        recorder.routed(event);
    }

    @Override
    public void closed() {
        recorder.closed();
    }
}
