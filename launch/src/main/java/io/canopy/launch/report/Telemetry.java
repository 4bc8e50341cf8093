package io.canopy.launch.report;

import io.canopy.proto.Status;
import com.google.protobuf.ByteString;
import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.launch.route.Outbound;
import io.canopy.launch.run.DiffDriveRuntime;
import io.canopy.launch.run.LinkRuntime;
import io.canopy.launch.run.MachineSlot;
import io.canopy.launch.run.Mqtt;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.TreeSlot;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.proto.BatteryState;
import io.canopy.proto.LinkStatus;
import io.canopy.proto.MachineStatus;
import io.canopy.proto.NodeStatus;
import io.canopy.proto.TimerStats;
import io.canopy.proto.TreeStatus;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.TickListener;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The node's telemetry at the rate of its telemetry timer, on {@code <namespace>/<node>/...} (QoS 0):
 * {@code timers} (a {@code TimerStats} per timer), {@code trees} (a {@code TreeStatus} per tree),
 * {@code machines} (a {@code MachineStatus} per machine), {@code battery} ({@code BatteryState}) and
 * {@code odom} (an {@code Event} named {@code odom} whose payload is {@code {"x":..,"y":..,"theta":..}}) and
 * {@code links} (a {@code LinkStatus} per serial link: connected, silent, frame and error counts).
 * The tick thread refreshes the tree and machine snapshots (a few small allocations per telemetry tick,
 * never on other timers); the outbox thread builds and publishes the messages.
 */
public final class Telemetry implements TickListener {
    static final String KEY = "telemetry".intern();

    private final NodeView node;
    private final Outbound outbound;
    private final Event scratch = new Event(0);
    private final Publisher<TimerStats> timers;
    private final Publisher<TreeStatus> trees;
    private final Publisher<MachineStatus> machines;
    private final Publisher<BatteryState> battery;
    private final Publisher<io.canopy.proto.Event> odom;
    private final Publisher<LinkStatus> linkStatus;
    private final double[] reading = new double[2];

    /** What {@code node} shows, published through {@code mqtt} by the outbox thread of {@code outbound}. */
    public Telemetry(NodeView node, MqttNode mqtt, Outbound outbound) {
        this.node = node;
        this.outbound = outbound;
        String base = Mqtt.absolute(node.name()) + "/";
        timers = mqtt.newPublisher(base + "timers", TimerStats.class);
        trees = mqtt.newPublisher(base + "trees", TreeStatus.class);
        machines = mqtt.newPublisher(base + "machines", MachineStatus.class);
        battery = mqtt.newPublisher(base + "battery", BatteryState.class);
        odom = mqtt.newPublisher(base + "odom", io.canopy.proto.Event.class);
        linkStatus = mqtt.newPublisher(base + "links", LinkStatus.class);
        outbound.on(KEY, e -> publish());
    }

    @Override
    public void onTick(long nowNs) {
        // the snapshots were refreshed by the status phase of each tree's and machine's timer (NodeCycle)
        scratch.set(EventKind.SENSOR, KEY, nowNs);
        outbound.queue.offer(scratch);
    }

    /** Outbox thread. */
    private void publish() {
        for (io.canopy.tick.stats.TimerStats s : node.timerStats()) {
            timers.publish(TimerStats.newBuilder().setTimer(s.name()).setRateHz(s.rate().hz()).setTicks(s.ticks())
                    .setOverruns(s.overruns()).setMissedDeadlines(s.missed())
                    .setLatenessP50Us(s.latenessNsAt(50) / 1e3).setLatenessP99Us(s.latenessNsAt(99) / 1e3)
                    .setLatenessP999Us(s.latenessNsAt(99.9) / 1e3).setLatenessMaxUs(s.maxLatenessNs() / 1e3)
                    .setDurationP99Us(s.durationNsAt(99) / 1e3).build());
        }
        for (TreeSlot t : node.treeSlots()) {
            TreeStatus.Builder b = TreeStatus.newBuilder().setTree(t.plan.name()).setTickCount(t.ticks());
            b.addNodes(NodeStatus.newBuilder().setName(t.runningAction()).setType("running_leaf")
                    .setStatus(Status.forNumber(t.lastStatus().ordinal())));
            trees.publish(b.build());
        }
        for (MachineSlot m : node.machineSlots()) {
            machines.publish(MachineStatus.newBuilder().setMachine(m.plan.name()).addAllActiveStates(m.activeStates()).build());
        }
        for (LinkRuntime l : node.linkRuntimes()) {
            if (l.battery != null && l.battery.latest().count() > 0) {
                l.battery.latest().read(reading);
                battery.publish(BatteryState.newBuilder().setVoltage((float) reading[BatteryMonitor.VOLTAGE])
                        .setPercent((float) reading[BatteryMonitor.PERCENT]).build());
            }
        }
        node.deviceLinkStatuses().forEach(linkStatus::publish); // the serial links, then MAVLink and Dynamixel links
        DiffDriveRuntime d = node.drive();
        if (d != null) {
            String json = String.format(Locale.ROOT, "{\"x\":%.3f,\"y\":%.3f,\"theta\":%.3f}", d.x(), d.y(), d.theta());
            odom.publish(io.canopy.proto.Event.newBuilder().setName("odom")
                    .setPayload(ByteString.copyFrom(json, StandardCharsets.UTF_8)).build());
        }
    }
}
