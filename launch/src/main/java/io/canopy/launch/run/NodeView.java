package io.canopy.launch.run;

import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.messaging.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * A read-only view of a running node for tests and monitoring (any thread): machine states, trees'
 * running actions, odometry, battery, links and the simulators behind {@code sim:} links.
 */
public final class NodeView {
    private final NodeRuntime node;

    NodeView(NodeRuntime node) {
        this.node = node;
    }

    public String fullName() {
        return node.plan.fullName();
    }

    /** The innermost active state of the machine {@code name} (as of the last telemetry refresh). */
    public String machineState(String name) {
        for (MachineSlot m : node.machines) {
            if (m.plan.name().equals(name)) {
                return m.stateText();
            }
        }
        throw new IllegalArgumentException("no machine " + name);
    }

    /** Active configuration of the machine {@code name} (as of the last telemetry refresh). */
    public List<String> machineStates(String name) {
        for (MachineSlot m : node.machines) {
            if (m.plan.name().equals(name)) {
                return m.activeStates();
            }
        }
        throw new IllegalArgumentException("no machine " + name);
    }

    /** The running leaf of tree {@code name} (as of the last telemetry refresh). */
    public String runningAction(String name) {
        for (TreeSlot t : node.trees) {
            if (t.plan.name().equals(name)) {
                return t.runningAction();
            }
        }
        throw new IllegalArgumentException("no tree " + name);
    }

    /** The odometry pose {@code [x, y, theta]}, or null without a {@code <diffdrive>}. */
    public double[] pose() {
        DiffDriveRuntime d = node.drive;
        return d == null ? null : new double[] {d.x(), d.y(), d.theta()};
    }

    /** The simulator behind the {@code sim:} link {@code link}, or null. */
    public DiffDriveSim simulator(String link) {
        LinkRuntime l = node.links.get(link);
        return l == null ? null : l.sim;
    }

    /** Stop commands written by the motor controller of {@code link}. */
    public long stopsSent(String link) {
        LinkRuntime l = node.links.get(link);
        return l == null || l.motors == null ? 0 : l.motors.stopsSent();
    }

    /** The embedded broker's URL, or the external broker's. */
    public String brokerUrl() {
        Node m = node.mqtt;
        return m == null ? null : m.brokerUrl();
    }

    /** Whether the node's MQTT client is connected to its broker now (false without MQTT). */
    public boolean mqttConnected() {
        Node m = node.mqtt;
        return m != null && m.isConnected();
    }

    /** The control timer's tick at which an event named {@code name} last came in through a binding, or -1. */
    public long eventTick(String name) {
        return node.router.lastTick(name);
    }

    /** The diffdrive timer's tick at which the wheels were last commanded to a stop, or -1. */
    public long wheelsStoppedTick() {
        return node.drive == null ? -1 : node.drive.stoppedAtTick();
    }

    /** A number on the node's shared blackboard as it is now (any thread; for tests), or NaN when unset. */
    public double blackboardNumber(String key) {
        io.canopy.bt.Entry e = node.blackboard.find(key);
        return e == null || !e.hasValue() ? Double.NaN : e.doubleValue();
    }

    /** Ticks of each timer so far. */
    public List<Long> timerTicks() {
        List<Long> out = new ArrayList<>();
        node.ticker.timers().forEach(t -> out.add(t.ticks()));
        return out;
    }

    /** Each timer's figures so far (rate, ticks, lateness percentiles, overruns). */
    public List<io.canopy.tick.stats.TimerStats> timerStats() {
        return node.ticker.stats();
    }

    /** Times a link fell silent with its port open (the failsafe's silence check). */
    public long failsafeSilences() {
        return node.failsafe.silences();
    }

    /** Stalled ticks the watchdog reported. */
    public long failsafeStalls() {
        return node.failsafe.stalls();
    }

    /** Command sources that went stale. */
    public long failsafeStaleCommands() {
        return node.failsafe.staleCommands();
    }

    /** device.lost events that went on the node's event bus. */
    public long lostEvents() {
        return node.bus.lostEvents();
    }

    public long backEvents() {
        return node.bus.backEvents();
    }

    public long stallEvents() {
        return node.bus.stallEvents();
    }

    /** The link's status as telemetry publishes it on {@code <ns>/<node>/links}. */
    public io.canopy.proto.LinkStatus linkStatus(String link) {
        return node.links.get(link).status(node.failsafe.silent(link));
    }
}
