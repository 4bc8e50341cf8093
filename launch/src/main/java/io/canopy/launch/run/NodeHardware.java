package io.canopy.launch.run;

import io.canopy.bt.Blackboard;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.launch.plan.MotorPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.SensorPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.MessageTap;
import io.canopy.launch.route.WakeOnInput;
import io.canopy.tick.StallHandler;
import io.canopy.tick.Ticker;
import io.canopy.tick.realtime.RealtimeOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node drives and hears: its serial links (and the simulators behind {@code sim:} links) with their motors
 * and sensors, its MAVLink vehicles and Dynamixel buses, and the failsafe over them. Built part by part (a failed
 * load closes what was built), started, stopped and closed by the node.
 */
final class NodeHardware {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRuntime.class);

    final Map<String, LinkRuntime> links = new LinkedHashMap<>();
    /** Each link's tap (serial in), where the bindings take what they route. */
    final Map<String, MessageTap> taps = new LinkedHashMap<>();
    /** MAVLink vehicles and Dynamixel buses ({@code <mavlink>}, {@code <dynamixel>}). */
    DeviceRuntime devices = DeviceRuntime.NONE;
    Failsafe failsafe;

    /** The serial links, then the devices and the failsafe; a failed step leaves what was built for {@link #close}. */
    void build(NodePlan plan, Ticker ticker, NodeTap tap, Blackboard blackboard, NodeCycles cycles, EventBus bus) {
        buildLinks(plan, ticker, tap);
        buildDevices(plan, ticker, tap, blackboard, cycles, bus);
    }

    /** The serial links (and simulators) with their motors and sensors. */
    private void buildLinks(NodePlan plan, Ticker ticker, NodeTap tap) {
        for (SerialPlan s : plan.links()) {
            MessageTap in = new MessageTap(ticker.inbox());
            taps.put(s.name(), in);
            List<MotorPlan> motors = plan.motors().stream().filter(m -> m.link().equals(s.name())).toList();
            List<SensorPlan> sensors = plan.sensors().stream().filter(m -> m.link().equals(s.name())).toList();
            LinkHealth health = new LinkHealth(s.name(), s.simulated() ? "simulated serial" : "serial",
                    motors.isEmpty() ? "none (no motors on it)" : plan.machines().isEmpty() ? "motors held at stop"
                            : "motors held at stop until the mission raises " + Failsafe.EVENT_RELEASE, ticker.clock());
            links.put(s.name(), LinkRuntime.build(s, motors, sensors, in, new LinkEvents(ticker, health), ticker.clock(), tap,
                    WakeOnInput.forLink(plan, ticker, s.name()), health));
        }
    }

    /** MAVLink vehicles and Dynamixel buses, then the failsafe over every link, which raises its events on {@code bus}. */
    private void buildDevices(NodePlan plan, Ticker ticker, NodeTap tap, Blackboard blackboard, NodeCycles cycles, EventBus bus) {
        devices = DeviceRuntime.build(plan.devices(), ticker, tap, blackboard, cycles.builders());
        failsafe = new Failsafe(plan.fullName(), List.copyOf(links.values()),
                plan.safety().commandTimeoutMs() * 1_000_000L, bus, ticker.inbox(), !plan.machines().isEmpty());
        bus.failsafe(failsafe);
    }

    /** The control timer's act phase: the failsafe's check, then each link's motor controller. */
    void act(NodeCycle.Builder control) {
        control.act.add(failsafe::check);
        for (LinkRuntime l : links.values()) {
            if (l.motors != null) {
                control.act.add(l.motors);
            }
        }
    }

    /** The node's failsafe with its devices' (MAVLink, Dynamixel): what its watchdog calls on a stall. */
    StallHandler failsafes() {
        return devices.around(failsafe);
    }

    void startManual() {
        links.values().forEach(LinkRuntime::startManual);
    }

    void start(RealtimeOptions ioThreads) {
        links.values().forEach(l -> l.start(ioThreads));
    }

    /** Sends a stop to every motor and waits (at most 100 ms a link) until it is written; returns the stops written. */
    long stopMotors() {
        long stops = 0;
        for (LinkRuntime l : links.values()) {
            stops += l.stopMotorsAndFlush(TimeUnit.MILLISECONDS.toNanos(100));
        }
        return stops;
    }

    /** The devices' failsafes first (hold or disarm, torque off), then their links, then the serial links. */
    void close() {
        devices.close();
        for (LinkRuntime l : links.values()) {
            try {
                l.close();
            } catch (RuntimeException e) {
                LOG.warn("closing link {}: {}", l.plan.name(), e.toString());
            }
        }
    }
}
