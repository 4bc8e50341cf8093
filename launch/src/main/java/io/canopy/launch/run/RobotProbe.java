package io.canopy.launch.run;

import io.canopy.bt.Entry;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.messaging.Node;
import io.canopy.proto.LinkStatus;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.stats.TimerStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a running node shows to its watchers (the web page, the MQTT status topics), read from any thread
 * without touching the tick: tree statuses through each tree's {@link TreeObserver}, machine configurations
 * and timers as the status phase published them, links, battery, pose and the blackboard. The only writes
 * are {@link #sendEvent}, which goes through the node's inbox like any message from outside.
 */
public final class RobotProbe {
    private final NodeRuntime node;
    private final Event scratch = new Event(0);

    RobotProbe(NodeRuntime node) {
        this.node = node;
    }

    /** {@code namespace/name}: the robot's name on the page and the prefix of its topics. */
    public String name() {
        return node.plan.fullName();
    }

    public io.canopy.launch.MonitorPlan plan() {
        return node.plan.monitor();
    }

    /** A tree of the node: its launch name, source file, observer and whether its machine state lets it run. */
    public static final class TreeView {
        private final TreeSlot slot;
        private final TreeObserver observer;

        TreeView(TreeSlot slot) {
            this.slot = slot;
            this.observer = slot.observer();
        }

        public String name() {
            return slot.plan.name();
        }

        public Path file() {
            return slot.plan.file();
        }

        public TreeObserver observer() {
            return observer;
        }

        public boolean active() {
            return slot.active();
        }

        public long ticks() {
            return slot.ticks();
        }
    }

    /** A machine of the node: its launch name, SCXML file and configuration as of the last status phase. */
    public static final class MachineView {
        private final MachineSlot slot;

        private final io.canopy.bt.observe.MachineRecorder recorder;

        MachineView(MachineSlot slot, io.canopy.tick.NanoClock clock) {
            this.slot = slot;
            this.recorder = slot.recorder(clock);
        }

        public String name() {
            return slot.plan.name();
        }

        public Path file() {
            return slot.plan.file();
        }

        /** The machine's steps (transitions taken, states exited and entered), read from any thread. */
        public io.canopy.bt.observe.MachineRecorder recorder() {
            return recorder;
        }

        public List<String> activeStates() {
            return slot.activeStates();
        }

        public String leaf() {
            return slot.stateText();
        }
    }

    public List<TreeView> trees() {
        List<TreeView> out = new ArrayList<>();
        for (TreeSlot t : node.trees) {
            out.add(new TreeView(t));
        }
        return out;
    }

    public List<MachineView> machines() {
        List<MachineView> out = new ArrayList<>();
        for (MachineSlot m : node.machines) {
            out.add(new MachineView(m, node.ticker.clock()));
        }
        return out;
    }

    public List<TimerStats> timers() {
        return node.ticker.stats();
    }

    public List<LinkStatus> links() {
        List<LinkStatus> out = new ArrayList<>();
        for (LinkRuntime l : node.links.values()) {
            out.add(l.status(node.failsafe != null && node.failsafe.silent(l.plan.name())));
        }
        out.addAll(node.devices.linkStatuses()); // MAVLink vehicles and Dynamixel buses, as the links telemetry has them
        if (node.mqtt != null) {
            out.add(mqttLink(node.mqtt.brokerUrl(), node.mqtt.isConnected(), node.mqtt.stats()));
        }
        return out;
    }

    /**
     * The node's MQTT connection in the shape of a link, for the page's links pane: messages received and published
     * as frames, payloads that were not the expected Envelope as unparsable, connection losses, and messages dropped
     * because the outage buffer was full or the connection was down.
     */
    static LinkStatus mqttLink(String brokerUrl, boolean connected, io.canopy.messaging.MessagingStats s) {
        return LinkStatus.newBuilder().setLink("mqtt " + brokerUrl).setConnected(connected)
                .setFramesReceived(s.received()).setFramesSent(s.published())
                .setUnparsable(s.unparsable() + s.wrongBody()).setLostCount(s.connectionLosses())
                .setDroppedQueueFull(s.bufferOverflows()).setDroppedDeviceLost(s.droppedDisconnected()).build();
    }

    /** {@code [percent, voltage]} of the first battery with a reading, or null. */
    public double[] battery() {
        for (LinkRuntime l : node.links.values()) {
            if (l.battery != null && l.battery.latest().count() > 0) {
                return new double[] {l.battery.latest().value(BatteryMonitor.PERCENT), l.battery.latest().value(BatteryMonitor.VOLTAGE)};
            }
        }
        return null;
    }

    /** The odometry pose {@code [x, y, theta]}, or null without a {@code <diffdrive>}. */
    public double[] pose() {
        DiffDriveRuntime d = node.drive;
        return d == null ? null : new double[] {d.x(), d.y(), d.theta()};
    }

    /**
     * The node's blackboard as text, key by key (empty entries left out). Read while the tick may write it:
     * a value may be one tick old or new; a map that changed under the read returns what was read so far.
     */
    public Map<String, String> blackboard() {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            for (String key : node.blackboard.keys()) {
                Entry e = node.blackboard.find(key);
                if (e != null && e.hasValue()) {
                    out.put(key, e.stringValue());
                }
            }
        } catch (RuntimeException changedUnderTheRead) {
            // a script created an entry meanwhile: show what was read; the next read gets the rest
        }
        return out;
    }

    /** The node's MQTT connection, or null when it has none (yet). */
    public Node mqtt() {
        return node.mqtt;
    }

    /** Any thread: puts an event named {@code name} into the node's inbox, as an MQTT command would. */
    public boolean sendEvent(String name) {
        synchronized (scratch) {
            scratch.set(EventKind.COMMAND, name, node.ticker.clock().nanoTime());
            return node.ticker.inbox().offer(scratch);
        }
    }

    /** The node's clock now (the time base of the observers' rings). */
    public long clockNs() {
        return node.ticker.clock().nanoTime();
    }

    /** Ticks of the node's first timer so far. */
    public long ticks() {
        return node.ticker.timers().isEmpty() ? 0 : node.ticker.timers().get(0).ticks();
    }
}
