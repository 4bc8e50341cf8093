package io.canopy.launch.record;

import com.google.protobuf.Message;
import io.canopy.bt.Entry;
import io.canopy.bt.observe.TransitionBatch;
import io.canopy.bt.observe.TransitionRing;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeTap;
import io.canopy.launch.run.NodeView;
import io.canopy.proto.Envelope;
import io.canopy.statemachine.Machine;
import io.canopy.tick.Event;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.NanoClock;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.TickTimer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.LoggerFactory;

/**
 * Records one node (a {@link NodeTap}): on the tick thread each cycle's timer, deadline and time, every inbox
 * event the router applies that came from outside (MQTT, the watchdog), motor set-points and machine
 * configurations when they change, into a preallocated {@link TickRing}; on the links' reader threads every
 * decoded serial message; on the outbox thread every published message or event; tree transitions from each
 * tree's transition ring. The {@link RecordSession}'s writer thread turns them into MCAP messages.
 */
final class Recorder implements NodeTap {
    /** A serial message (or link state) as a link's reader thread delivered it. */
    record Serial(String link, Envelope envelope, long receivedNs, String state) {}

    /** An outbox event as the outbox thread handled it. */
    record Output(String route, String to, long stampNs, double value, Object data) {}

    final RecordSession session;
    final TickRing ring = new TickRing(1 << 14, 32);
    final ConcurrentLinkedQueue<Serial> serial = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<Output> outputs = new ConcurrentLinkedQueue<>();
    /** Device links (MAVLink): every read and every written frame. */
    final DeviceFrames devices = new DeviceFrames();
    /** Channels in other schemas (Foxglove's), drained by the writer thread; null without. */
    RecordChannels extra;
    /** Event-name prefixes of the devices ({@code mavlink.}): their events come from the device links' reads. */
    private final List<String> devicePrefixes = new ArrayList<>();
    NodeView node;
    private NodeControl control;
    String prefix;
    final List<TreeObserver> observers = new ArrayList<>();
    final List<TransitionRing.Reader> readers = new ArrayList<>();
    final TransitionBatch batch = new TransitionBatch(256);
    private final Set<String> derived = new HashSet<>();
    private final Set<String> routeKeys = new HashSet<>();
    /** The MQTT-in binds by route key: their inbox events are recorded on a channel per topic (writer thread). */
    Map<String, MqttInput> mqtt = Map.of();
    private List<NodeView.MotorSource> sources = List.of();
    private List<MotorController> controllers = List.of();
    private double[] lastMotor = new double[0];
    private long[] lastMachine = new long[0];
    private List<Machine> machines = List.of();
    volatile boolean closed;
    /** Tick thread: inbox events the links caused (replayed from their messages), routed so far. */
    private long derivedRouted;
    /** The node's clock (stamps of device lost/back): its base clock, read as the tick's time inside a cycle. */
    private TickTimeClock clock = new TickTimeClock(SystemNanoClock.INSTANCE, new LinkGate());
    /** Real-time recordings: readers hand messages over between ticks only (see {@link LinkGate}); null on a manual clock. */
    private LinkGate gate;
    /**
     * Per link (in the launch file's order): how many items (messages, lost/back) the link's reader has handed to
     * the roles so far. Each tick records them (Tick.link_messages), so a replay hands a tick exactly those.
     */
    final List<String> linkNames = new ArrayList<>();
    final List<AtomicLong> linkCounts = new ArrayList<>();

    Recorder(RecordSession session) {
        this.session = session;
    }

    @Override
    public NanoClock clock(NanoClock base) {
        // a manual clock (tests, replay) stands still during a cycle already, its readers are idle while the caller
        // runs a tick, and the ticker must drive it itself
        boolean manual = base instanceof ManualNanoClock;
        gate = manual ? null : new LinkGate();
        clock = new TickTimeClock(base, manual ? new LinkGate() : gate);
        return manual ? base : clock;
    }

    @Override
    public LinkSink linkSink(String link, LinkSink hub) {
        AtomicLong count = new AtomicLong();
        linkNames.add(link);
        linkCounts.add(count);
        return new LinkSink() {
            @Override
            public void onEnvelope(SerialLink l, Envelope envelope, long receivedNs) {
                enter();
                try {
                    serial.add(new Serial(link, envelope, receivedNs, null));
                    hub.onEnvelope(l, envelope, receivedNs);
                    count.lazySet(count.get() + 1);
                } finally {
                    leave();
                }
            }

            @Override
            public void onDeviceLost(SerialLink l, String reason) {
                enter();
                try {
                    serial.add(new Serial(link, null, clock.nanoTime(), "lost: " + reason));
                    hub.onDeviceLost(l, reason);
                    count.lazySet(count.get() + 1);
                } finally {
                    leave();
                }
            }

            @Override
            public void onDeviceBack(SerialLink l) {
                enter();
                try {
                    serial.add(new Serial(link, null, clock.nanoTime(), "back"));
                    hub.onDeviceBack(l);
                    count.lazySet(count.get() + 1);
                } finally {
                    leave();
                }
            }
        };
    }

    @Override
    public Transport deviceTransport(String link, String protocol, Transport real) {
        return devices.transport(link, protocol, real, clock);
    }

    @Override
    public ByteLink.Receiver deviceReceiver(String link, String device, ByteLink.Receiver role) {
        AtomicLong count = new AtomicLong();
        linkNames.add(link); // after the serial links: Tick.link_messages counts its reads too
        linkCounts.add(count);
        devicePrefixes.add(device + ".");
        return devices.receiver(link, "mavlink", role, count, this, clock);
    }

    void enter() {
        if (gate != null) {
            gate.enter();
        }
    }

    void leave() {
        if (gate != null) {
            gate.leave();
        }
    }

    @Override
    public void attached(NodeControl c) {
        control = c;
        NodeView n = c.view();
        node = n;
        TickTimer[] timers = new TickTimer[n.timerNames().size()];
        for (int i = 0; i < timers.length; i++) {
            timers[i] = c.timer(i);
        }
        clock.timers(timers);
        prefix = n.name() + "/";
        for (NodeView.Route r : n.routes()) {
            routeKeys.add(r.key());
            if (r.fromSerial()) {
                derived.add(r.key());
            }
            if (r.toOutbox()) {
                String key = r.key();
                String to = r.to();
                c.onOutput(key, e -> outputs.add(new Output(key, to, e.timestampNs(), e.value(), e.attachment())));
            }
        }
        mqtt = MqttInput.of(n);
        derived.add(SerialLink.EVENT_DEVICE_LOST);
        derived.add(SerialLink.EVENT_DEVICE_BACK);
        for (NodeView.TreeView t : n.trees()) { // the shared observers: --record goes with --groot2, --web, ...
            TreeObserver o = t.observer();
            observers.add(o);
            readers.add(o.reader());
        }
        sources = n.motorSources();
        controllers = n.motorControllers();
        lastMotor = new double[sources.size() + controllers.size()];
        Arrays.fill(lastMotor, Double.NaN);
        machines = n.machines().stream().map(NodeView.MachineView::machine).toList();
        lastMachine = new long[machines.size()];
        session.register(this);
    }

    @Override
    public void routed(Event e) {
        if (derived.contains(e.name()) || fromLink(e) || fromDevice(e.name())) {
            derivedRouted++;
            return;
        }
        int slot = ring.claim(TickRing.INPUT);
        if (slot < 0) {
            return;
        }
        ring.name[slot] = e.name();
        ring.index[slot] = e.kind().ordinal();
        ring.a[slot] = e.timestampNs();
        ring.value[slot] = e.value();
        ring.data[slot] = e.attachment();
        ring.b[slot] = derivedRouted;
        ring.publish();
    }

    private boolean fromDevice(String name) {
        for (int i = 0; i < devicePrefixes.size(); i++) {
            if (name.startsWith(devicePrefixes.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * An Event message a link received that no role consumed (the link puts it in the inbox under its own name, the
     * Event as attachment): the replayed link raises it again. MQTT commands come under their route's key, the web
     * page's without an attachment.
     */
    private boolean fromLink(Event e) {
        return !routeKeys.contains(e.name()) && Recorder.message(e.attachment()) instanceof io.canopy.proto.Event m
                && m.getName().equals(e.name());
    }

    @Override
    public void beforeCycle(int timer, long nowNs) {
        clock.enter(timer, nowNs);
        int slot = ring.claim(TickRing.TICK);
        if (slot < 0) {
            return;
        }
        ring.index[slot] = timer;
        ring.a[slot] = control.timer(timer).nextDeadlineNs();
        ring.b[slot] = nowNs;
        ring.value[slot] = node.ticks(timer);
        double[] counts = ring.vector[slot];
        for (int i = 0, n = Math.min(linkCounts.size(), counts.length); i < n; i++) {
            counts[i] = linkCounts.get(i).get();
        }
        ring.publish();
    }

    @Override
    public void afterCycle(int timer, long nowNs) {
        clock.exit();
        if (extra != null) {
            extra.afterCycle(nowNs);
        }
        boolean changed = false;
        int k = 0;
        for (int i = 0; i < sources.size(); i++, k++) {
            Entry e = sources.get(i).entry();
            double v = e.hasValue() ? e.doubleValue() : Double.NaN;
            if (Double.compare(v, lastMotor[k]) != 0) {
                lastMotor[k] = v;
                changed = true;
            }
        }
        for (int i = 0; i < controllers.size(); i++, k++) {
            double v = controllers.get(i).held() ? 1 : 0;
            if (Double.compare(v, lastMotor[k]) != 0) {
                lastMotor[k] = v;
                changed = true;
            }
        }
        if (changed && lastMotor.length <= ring.vector[0].length) {
            int slot = ring.claim(TickRing.MOTORS);
            if (slot >= 0) {
                System.arraycopy(lastMotor, 0, ring.vector[slot], 0, lastMotor.length);
                ring.b[slot] = nowNs;
                ring.publish();
            }
        }
        for (int m = 0; m < lastMachine.length; m++) {
            long sig = machines.get(m).configurationSignature();
            if (sig != lastMachine[m]) {
                lastMachine[m] = sig;
                int slot = ring.claim(TickRing.MACHINE);
                if (slot >= 0) {
                    ring.index[slot] = m;
                    ring.b[slot] = nowNs;
                    long mask = 0;
                    Machine mc = machines.get(m);
                    for (int s = 1; s < 64; s++) {
                        if (mc.isActive(s)) {
                            mask |= 1L << s;
                        }
                    }
                    ring.a[slot] = mask;
                    ring.publish();
                }
            }
        }
    }

    @Override
    public void closed() {
        if (gate != null && (gate.overran() > 0 || gate.passed() > 0)) {
            LoggerFactory.getLogger(Recorder.class).warn("recording {}: {} tick(s) started while a link's reader was "
                    + "still handing a message over, {} message(s) waited over 100 ms for a tick and went in during it; a "
                    + "replay of those ticks may differ", prefix, gate.overran(), gate.passed());
        }
        closed = true;
        session.nodeClosed(this);
    }

    /** The message an inbox or outbox event carries, or null. */
    static Message message(Object attachment) {
        return NodeControl.messageOf(attachment);
    }
}
