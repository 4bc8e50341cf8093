package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.hardware.device.DeviceHub;
import io.canopy.hardware.device.DeviceRole;
import io.canopy.hardware.device.ImuSensor;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.device.RangeSensor;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.hardware.wire.FrameError;
import io.canopy.launch.plan.MotorPlan;
import io.canopy.launch.plan.SensorPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.route.MessageTap;
import io.canopy.launch.route.WakeOnInput;
import io.canopy.proto.LinkStatus;
import io.canopy.tick.NanoClock;
import io.canopy.tick.realtime.RealtimeOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

/**
 * One {@code <serial>} at run time: the link (a real port, or one end of an in-process cable whose other
 * end is the simulated base), its motor controller (every {@code <motor>} on it) and its sensor roles,
 * behind a {@link MessageTap} that carries out the link's bindings.
 */
public final class LinkRuntime implements AutoCloseable {
    final SerialPlan plan;
    public final SerialLink link;
    final DiffDriveSim sim;
    public final MotorController motors;
    final List<MotorPlan> motorPlans;
    public final BatteryMonitor battery;
    final RangeSensor range;
    /** Lost (the port, or a silence) and back, told in the node's one format. */
    public final LinkHealth health;

    private LinkRuntime(SerialPlan plan, SerialLink link, DiffDriveSim sim, MotorController motors,
            List<MotorPlan> motorPlans, BatteryMonitor battery, RangeSensor range, LinkHealth health) {
        this.health = health;
        this.plan = plan;
        this.link = link;
        this.sim = sim;
        this.motors = motors;
        this.motorPlans = motorPlans;
        this.battery = battery;
        this.range = range;
    }

    /**
     * @param motorPlans the {@code <motor>}s on this link (one controller drives them all; its command
     *                   timeout is the smallest {@code timeout_ms} among them)
     * @param downstream gets what no role consumed, and device.lost / device.back
     */
    static LinkRuntime build(SerialPlan plan, List<MotorPlan> motorPlans, List<SensorPlan> sensors, MessageTap tap,
            LinkSink downstream, NanoClock clock) {
        return build(plan, motorPlans, sensors, tap, downstream, clock, NodeTap.NONE);
    }

    /** As above; {@code nodeTap} may put a gate in front of the roles, or replace the port or simulator by a cable (replay). */
    static LinkRuntime build(SerialPlan plan, List<MotorPlan> motorPlans, List<SensorPlan> sensors, MessageTap tap,
            LinkSink downstream, NanoClock clock, NodeTap nodeTap) {
        return build(plan, motorPlans, sensors, tap, downstream, clock, nodeTap, UnaryOperator.identity(),
                new LinkHealth(plan.name(), "serial", "motors held at stop", clock));
    }

    /** As above; {@code wake} wraps the roles' sink, {@code health} tells lost/back (a tree's {@code wake_on}, see {@link WakeOnInput}). */
    static LinkRuntime build(SerialPlan plan, List<MotorPlan> motorPlans, List<SensorPlan> sensors, MessageTap tap,
            LinkSink downstream, NanoClock clock, NodeTap nodeTap, UnaryOperator<LinkSink> wake, LinkHealth health) {
        List<DeviceRole> roles = new ArrayList<>();
        roles.add(tap);
        MotorController motors = null;
        if (!motorPlans.isEmpty()) {
            int count = 0;
            int timeoutMs = Integer.MAX_VALUE;
            for (MotorPlan m : motorPlans) {
                count = Math.max(count, m.motorId() + 1);
                timeoutMs = Math.min(timeoutMs, m.timeoutMs());
            }
            int t = timeoutMs;
            int refreshMs = Math.max(5, t / 3);
            motors = new MotorController(plan.name(), count, t, refreshMs);
            roles.add(motors);
        }
        BatteryMonitor battery = null;
        RangeSensor range = null;
        for (SensorPlan s : sensors) {
            switch (s.messageType()) {
                case "BatteryState" -> {
                    battery = new BatteryMonitor(s.name());
                    roles.add(battery);
                }
                case "RangeReading" -> {
                    RangeSensor r = new RangeSensor(s.name(), Math.max(0, s.sensorId()));
                    range = range == null ? r : range;
                    roles.add(r);
                }
                case "Imu" -> roles.add(new ImuSensor(s.name(), Math.max(0, s.sensorId())));
                default -> { } // MotorState, Heartbeat, DeviceInfo: only through bindings
            }
        }
        LinkSink hub = nodeTap.linkSink(plan.name(), wake.apply(new DeviceHub(downstream, roles.toArray(new DeviceRole[0]))));
        SerialLink link;
        DiffDriveSim sim = null;
        InProcessWire replaced = nodeTap.replaceLink(plan.name());
        if (replaced != null) {
            link = SerialLink.inProcess(plan.name(), replaced, true, hub, clock);
        } else if (plan.simulated()) {
            InProcessWire wire = new InProcessWire();
            sim = DiffDriveSim.inProcess(wire, false, clock);
            configureSim(plan, sim);
            link = SerialLink.inProcess(plan.name(), wire, true, hub, clock);
        } else {
            SerialConfig config = SerialConfig.of(plan.port(), plan.baud())
                    .withFraming(plan.dataBits(), parity(plan.parity()), stopBits(plan.stopBits()))
                    .withFlowControl(flow(plan.flowControl()))
                    .validate();
            link = SerialLink.open(config, hub, clock);
        }
        if (motors != null) {
            motors.attach(link);
        }
        return new LinkRuntime(plan, link, sim, motors, List.copyOf(motorPlans), battery, range, health);
    }

    /** The simulator's {@code <param>}s (checked by the launch loader). */
    private static void configureSim(SerialPlan plan, DiffDriveSim sim) {
        Map<String, String> p = plan.params();
        sim.configure(model -> {
            if (p.containsKey("battery_drain_scale")) {
                model.batteryDrainScale(num(plan, p, "battery_drain_scale"));
            }
            if (p.containsKey("battery_percent")) {
                model.batteryPercent(num(plan, p, "battery_percent"));
            }
            if (p.containsKey("charge_rate")) {
                model.dock(numOr(plan, p, "dock_x", 0.5), numOr(plan, p, "dock_y", 1.5),
                        numOr(plan, p, "dock_radius", 0.25), num(plan, p, "charge_rate"));
            }
            if (p.containsKey("x") || p.containsKey("y") || p.containsKey("theta")) {
                model.pose(numOr(plan, p, "x", 0.5), numOr(plan, p, "y", 1.5), numOr(plan, p, "theta", 0));
            }
        });
    }

    private static double numOr(SerialPlan plan, Map<String, String> p, String key, double fallback) {
        return p.containsKey(key) ? num(plan, p, key) : fallback;
    }

    private static double num(SerialPlan plan, Map<String, String> p, String key) {
        try {
            return Double.parseDouble(p.get(key).strip());
        } catch (NumberFormatException e) {
            throw new InputException(plan.source() + ": <param name=\"" + key + "\">: \"" + p.get(key) + "\" is not a number");
        }
    }

    static SerialConfig.Parity parity(String p) {
        return SerialConfig.Parity.valueOf(p.toUpperCase(Locale.ROOT));
    }

    static SerialConfig.StopBits stopBits(String s) {
        return switch (s) {
            case "2" -> SerialConfig.StopBits.TWO;
            case "1.5" -> SerialConfig.StopBits.ONE_POINT_FIVE;
            default -> SerialConfig.StopBits.ONE;
        };
    }

    static SerialConfig.FlowControl flow(String f) {
        return switch (f) {
            case "rtscts" -> SerialConfig.FlowControl.RTS_CTS;
            case "xonxoff" -> SerialConfig.FlowControl.XON_XOFF;
            default -> SerialConfig.FlowControl.NONE;
        };
    }

    /** Starts the simulator (if any) and the link, whose reader and writer threads apply {@code ioRealtime}. */
    void start(RealtimeOptions ioRealtime) {
        if (sim != null) {
            sim.start();
        }
        link.threadRealtime(ioRealtime).start();
    }

    /** As {@link #start()}, but a simulator's physics is stepped by the caller ({@link DiffDriveSim#step}). */
    void startManual() {
        if (sim != null) {
            sim.startManual();
        }
        link.start();
    }

    int motorIndex(String motorName) {
        for (MotorPlan m : motorPlans) {
            if (m.name().equals(motorName)) {
                return m.motorId();
            }
        }
        return -1;
    }

    /**
     * Sends a stop to every motor on this link and waits (at most {@code timeoutNs}) until the writer thread
     * has written them to the port. Returns the number of stop frames written.
     */
    long stopMotorsAndFlush(long timeoutNs) {
        if (motors == null) {
            return 0;
        }
        long before = link.framesSent();
        long stopsBefore = motors.stopsSent();
        motors.stopAll();
        long queued = motors.stopsSent() - stopsBefore;
        long deadline = System.nanoTime() + timeoutNs;
        while (link.framesSent() - before < queued && deadline - System.nanoTime() > 0) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
        }
        return Math.min(queued, link.framesSent() - before);
    }

    /** Closes the link, then the simulator (if any). */
    @Override
    public void close() {
        link.close();
        if (sim != null) {
            sim.close();
        }
    }

    /** e.g. {@code base up}, {@code base LOST} or {@code base up errors 3} (bad frames and sequence gaps, when any). */
    public String describe() {
        long errors = errors();
        return plan.name() + (link.isConnected() ? " up" : " LOST") + (errors > 0 ? " errors " + errors : "");
    }

    /** Frames dropped on receive (every cause) plus frames the device sent that never arrived. */
    long errors() {
        long n = link.framesLost();
        for (FrameError e : FrameError.values()) {
            if (e != FrameError.SEQ_GAP) { // gaps are counted in frames, by framesLost
                n += link.receiveErrors(e);
            }
        }
        return n;
    }

    /** The link's state and counters for telemetry (outbox thread). */
    LinkStatus status(boolean silent) {
        return LinkStatus.newBuilder().setLink(plan.name()).setConnected(link.isConnected()).setSilent(silent)
                .setFramesReceived(link.framesReceived()).setFramesSent(link.framesSent())
                .setBadCobs(link.receiveErrors(FrameError.BAD_COBS))
                .setShortFrames(link.receiveErrors(FrameError.SHORT))
                .setBadCrc(link.receiveErrors(FrameError.BAD_CRC))
                .setOversize(link.receiveErrors(FrameError.OVERSIZE))
                .setUnparsable(link.receiveErrors(FrameError.UNPARSABLE))
                .setSequenceGaps(link.framesLost()).setLostCount(link.lostCount())
                .setDroppedQueueFull(link.droppedQueueFull()).setDroppedDeviceLost(link.droppedDeviceLost()).build();
    }
}
