package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.TreeContext;
import io.canopy.hardware.dynamixel.ControlTable;
import io.canopy.hardware.dynamixel.DynamixelBus;
import io.canopy.hardware.dynamixel.DynamixelBuses;
import io.canopy.hardware.dynamixel.DynamixelConfig;
import io.canopy.hardware.dynamixel.ServoBlackboard;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.mavlink.MavlinkConfig;
import io.canopy.hardware.mavlink.MavlinkFrames;
import io.canopy.hardware.mavlink.MavlinkParser;
import io.canopy.hardware.mavlink.MavlinkVehicle;
import io.canopy.hardware.mavlink.MavlinkVehicles;
import io.canopy.hardware.mavlink.VehicleBlackboard;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.Transport;
import io.canopy.hardware.serial.TtyTransport;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.hardware.stream.UdpByteTransport;
import io.canopy.launch.plan.DevicePlans;
import io.canopy.launch.plan.DynamixelPlan;
import io.canopy.launch.plan.MavlinkPlan;
import io.canopy.launch.plan.RawLinkPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.ServoPlan;
import io.canopy.proto.LinkStatus;
import io.canopy.tick.StallHandler;
import io.canopy.tick.Ticker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's standard-protocol devices at run time: each {@code <mavlink>} vehicle on its {@link ByteLink}
 * (serial or UDP; IO on the link's reader and writer threads) and each {@code <dynamixel>} bus on its own bus
 * thread. On the tick thread, in the timer's {@link NodeCycle}: sense phase, the vehicle's state and the
 * servos' states are copied (lock-free, a sequence lock) and written into the blackboard; act phase, servo goals
 * written into the blackboard go to the bus. Trees find the vehicles and buses as services of their context.
 *
 * <p>Failsafe: a watchdog stall ({@link #around}) runs every device's failsafe from the watchdog thread (MAVLink:
 * zero-velocity hold and the hold mode, or land, per {@code failsafe}; disarm on the ground. Dynamixel: torque
 * off, goals held back until a {@code DxlTorque} resumes). The buses also do it by themselves when their port
 * fails or a servo stops answering. {@link #close} runs the failsafes once more, waits briefly for them to be
 * written, then closes the links.
 */
public final class DeviceRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceRuntime.class);
    static final DeviceRuntime NONE = new DeviceRuntime();

    private record Vehicle(MavlinkPlan plan, RawLinkPlan linkPlan, MavlinkVehicle vehicle, ByteLink link) {}

    private record Bus(DynamixelPlan plan, RawLinkPlan linkPlan, DynamixelBus bus) {}

    private final List<Vehicle> vehicles = new ArrayList<>();
    private final List<Bus> buses = new ArrayList<>();
    private final MavlinkVehicles vehicleService = new MavlinkVehicles();
    private final DynamixelBuses busService = new DynamixelBuses();

    private DeviceRuntime() {}

    /**
     * Opens every device's link (a port that cannot be opened is an input error naming its launch-file element)
     * and adds the devices to the phases of their timers' cycles.
     */
    static DeviceRuntime build(DevicePlans plans, Ticker ticker, NodeTap tap, Blackboard blackboard, Map<String, NodeCycle.Builder> cycles) {
        if (plans.isEmpty()) {
            return NONE;
        }
        DeviceRuntime d = new DeviceRuntime();
        try {
            for (MavlinkPlan p : plans.vehicles()) {
                d.addVehicle(p, plans.link(p.link()), ticker, tap, blackboard, cycles.get(p.timer()));
            }
            for (DynamixelPlan p : plans.buses()) {
                d.addBus(p, plans.link(p.link()), ticker, blackboard, cycles.get(p.timer()));
            }
            return d;
        } catch (RuntimeException e) {
            d.closeLinks();
            throw e;
        }
    }

    private void addVehicle(MavlinkPlan p, RawLinkPlan lp, Ticker ticker, NodeTap tap, Blackboard blackboard, NodeCycle.Builder cycle) {
        MavlinkConfig config = MavlinkConfig.of(p.name()).withTarget(p.system(), p.component())
                .withTimeouts(p.heartbeatTimeoutMs(), p.commandTimeoutMs(), p.commandRetries())
                .withFailsafe("land".equals(p.failsafe()) ? MavlinkConfig.Failsafe.LAND : MavlinkConfig.Failsafe.HOLD,
                        p.holdMode());
        config = config.withOwnIds(p.ownSystem(), p.ownComponent(), p.heartbeatPeriodMs(), p.setpointPeriodMs(), p.streamHz());
        MavlinkVehicle vehicle;
        try {
            vehicle = new MavlinkVehicle(config, ticker.clock(), ticker.inbox());
        } catch (InputException e) {
            throw new InputException(p.source() + ": " + e.getMessage());
        }
        ByteLink link = new ByteLink(lp.name(), tap.deviceTransport(lp.name(), "mavlink", transport(lp)),
                tap.deviceReceiver(lp.name(), p.name(), vehicle), 64, MavlinkFrames.MAX_FRAME, 50, 2000, ticker.clock());
        vehicle.attach(link);
        try {
            link.start(true);
        } catch (IOException e) {
            throw new InputException(lp.source() + ": cannot open " + lp.describe() + " for <mavlink name=\"" + p.name()
                    + "\">: " + e.getMessage() + "; check the port (ls -l /dev/serial/by-id) or the UDP address");
        }
        vehicles.add(new Vehicle(p, lp, vehicle, link));
        vehicleService.add(vehicle);
        cycle.sense.add(vehicle);
        cycle.sense.add(new VehicleBlackboard(vehicle, blackboard, p.name()));
        LOG.info("mavlink '{}' on {}: system {} component {}, failsafe {}{}", p.name(), lp.describe(), p.system(),
                p.component(), p.failsafe(), p.holdMode().isEmpty() ? "" : " (" + p.holdMode() + ")");
    }

    private void addBus(DynamixelPlan p, RawLinkPlan lp, Ticker ticker, Blackboard blackboard, NodeCycle.Builder cycle) {
        int[] ids = new int[p.servos().size()];
        String[] names = new String[ids.length];
        for (int i = 0; i < ids.length; i++) {
            ServoPlan s = p.servos().get(i);
            ids[i] = s.id();
            names[i] = s.name();
        }
        ControlTable table;
        try {
            table = p.table() == null ? ControlTable.xSeries()
                    : ControlTable.parse(p.table().toString(), Files.readString(p.table(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InputException(p.source() + ": attribute 'table': cannot read " + p.table() + ": " + e.getMessage());
        }
        DynamixelConfig config = DynamixelConfig.of(p.name(), ids)
                .with("velocity".equals(p.mode()) ? DynamixelConfig.Mode.VELOCITY : DynamixelConfig.Mode.POSITION,
                        "zero_velocity".equals(p.failsafe()) ? DynamixelConfig.Failsafe.ZERO_VELOCITY
                                : DynamixelConfig.Failsafe.TORQUE_OFF)
                .withTiming(p.periodMs(), p.responseTimeoutMs()).withStart(p.torqueOnStart(), p.lostAfter())
                .withBusWatchdog(p.busWatchdogMs())
                .withEepromWrites(p.eepromWrites())
                // each <servo model> is checked against the servo's PING answer at start and after link_back
                .withModels(p.servos().stream().mapToInt(s -> table.modelNumber(s.model())).toArray());
        DynamixelBus bus;
        try {
            bus = new DynamixelBus(config, table, transport(lp), ticker.clock(), ticker.inbox());
        } catch (RuntimeException e) {
            throw new InputException(p.source() + ": " + e.getMessage());
        }
        try {
            bus.start();
        } catch (IOException e) {
            throw new InputException(lp.source() + ": cannot open " + lp.describe() + " for <dynamixel name=\"" + p.name()
                    + "\">: " + e.getMessage() + "; check the port (a U2D2 shows as /dev/ttyUSB0) and its permissions");
        }
        buses.add(new Bus(p, lp, bus));
        busService.add(bus, names);
        ServoBlackboard bb = new ServoBlackboard(bus, names, blackboard);
        cycle.sense.add(bus);
        cycle.sense.add(bb.sense());
        cycle.act.add(bb.act());
        LOG.info("dynamixel '{}' on {}: servos {}, {} mode, {} ms cycle, failsafe {}", p.name(), lp.describe(),
                String.join(",", names), p.mode(), p.periodMs(), p.failsafe());
    }

    private static Transport transport(RawLinkPlan lp) {
        if (lp.udp()) {
            return new UdpByteTransport(new InetSocketAddress(lp.localHost(), lp.localPort()),
                    lp.remoteHost() == null ? null : new InetSocketAddress(lp.remoteHost(), lp.remotePort()));
        }
        SerialPlan s = lp.serial();
        SerialConfig config = SerialConfig.of(s.port(), s.baud())
                .withFraming(s.dataBits(), LinkRuntime.parity(s.parity()), LinkRuntime.stopBits(s.stopBits()))
                .withFlowControl(LinkRuntime.flow(s.flowControl()));
        try {
            return new TtyTransport(config);
        } catch (RuntimeException e) {
            throw new InputException(lp.source() + ": " + e.getMessage());
        }
    }

    /** The tree context with this node's vehicles and buses as services (for the Mav* and Dxl* nodes). */
    TreeContext services(TreeContext context) {
        return context.withService(MavlinkVehicles.class, vehicleService).withService(DynamixelBuses.class, busService);
    }

    /** The watchdog's handler: {@code next} (the node's failsafe), then every device's failsafe. */
    StallHandler around(StallHandler next) {
        if (vehicles.isEmpty() && buses.isEmpty()) {
            return next;
        }
        return (role, timer, stalledForNs) -> {
            next.onStall(role, timer, stalledForNs);
            failsafeAll("tick stalled on " + timer, true);
        };
    }

    private void failsafeAll(String why, boolean alarm) {
        for (Vehicle v : vehicles) {
            String what = v.plan.failsafe() + (v.plan.holdMode().isEmpty() ? "" : " " + v.plan.holdMode());
            if (alarm) {
                LOG.warn("mavlink '{}': failsafe ({}): in the air {}, on the ground disarm", v.plan.name(), why, what);
            } else {
                LOG.info("mavlink '{}': failsafe ({}): in the air {}, on the ground disarm", v.plan.name(), why, what);
            }
            v.vehicle.failsafe();
        }
        for (Bus b : buses) {
            if (alarm) {
                LOG.warn("dynamixel '{}': failsafe ({}): {}", b.plan.name(), why, b.plan.failsafe());
            } else {
                LOG.info("dynamixel '{}': failsafe ({}): {}", b.plan.name(), why, b.plan.failsafe());
            }
            b.bus.failsafe();
        }
    }

    /** One LinkStatus per device link, for the node's telemetry (outbox thread; counters are racy reads). */
    List<LinkStatus> linkStatuses() {
        List<LinkStatus> out = new ArrayList<>(vehicles.size() + buses.size());
        for (Vehicle v : vehicles) {
            MavlinkParser p = v.vehicle.parser();
            out.add(LinkStatus.newBuilder().setLink(v.linkPlan.name()).setConnected(v.link.isUp())
                    .setSilent(!v.vehicle.connectedNow()).setFramesReceived(p.frames()).setFramesSent(v.link.framesSent())
                    .setBadCrc(p.crcErrors()).setUnparsable(p.unknownMessages() + p.unsupportedFlags() + p.garbageRuns())
                    .setLostCount(v.link.lostCount())
                    .setDroppedQueueFull(v.vehicle.framesRefused()).build());
        }
        for (Bus b : buses) {
            var p = b.bus.parser();
            out.add(LinkStatus.newBuilder().setLink(b.linkPlan.name()).setConnected(b.bus.isUp()).setSilent(b.bus.stopped())
                    .setFramesReceived(p.packets()).setFramesSent(b.bus.packetsSent()).setBadCrc(p.crcErrors())
                    .setShortFrames(p.badLengths()).setSequenceGaps(b.bus.noAnswers()).setLostCount(b.bus.lostCount())
                    .build());
        }
        return out;
    }

    /** For the status line: {@code | mavlink up GUIDED armed | arm up no-answer 3 |} (racy reads). */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (Vehicle v : vehicles) {
            String mode = v.vehicle.modeName(); // racy reads of the tick thread's copy: fine for a status line
            sb.append(' ').append(v.plan.name()).append(v.vehicle.connectedNow() ? " up" : " LOST")
                    .append(mode == null ? "" : " " + mode).append(v.vehicle.armed() ? " armed" : "")
                    .append(v.vehicle.parser().errors() > 0 ? " errors " + v.vehicle.parser().errors() : "").append(" |");
        }
        for (Bus b : buses) {
            sb.append(' ').append(b.plan.name()).append(b.bus.isUp() ? " up" : " LOST").append(b.bus.stopped() ? " STOPPED" : "")
                    .append(b.bus.noAnswers() > 0 ? " no-answer " + b.bus.noAnswers() : "").append(" |");
        }
        return sb.toString();
    }

    /** Frames the device links have queued and not yet written (replay waits for 0). */
    public long unwrittenFrames() {
        long n = 0;
        for (Vehicle v : vehicles) {
            n += v.link.unwritten();
        }
        return n;
    }

    /** Every device link's lost/back state: each vehicle and its byte link, each Dynamixel bus and its servos. */
    public List<LinkHealth> linkHealth() {
        List<LinkHealth> out = new ArrayList<>();
        for (Vehicle v : vehicles) {
            out.add(v.vehicle.health());
            out.add(v.link.health());
        }
        for (Bus b : buses) {
            out.add(b.bus.health());
            out.addAll(b.bus.servoHealth());
        }
        return out;
    }

    /** The vehicle named {@code name} (tests). */
    MavlinkVehicle vehicle(String name) {
        return vehicleService.find(name);
    }

    /** The bus named {@code name} (tests). */
    DynamixelBus bus(String name) {
        return busService.bus(name);
    }

    /**
     * Runs every device's failsafe (a vehicle holds or lands in the air and disarms on the ground; servos go limp),
     * waits up to 200 ms for the frames to be written, then closes the links.
     */
    @Override
    public void close() {
        if (this == NONE) {
            return;
        }
        failsafeAll("node shutting down", false);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
        for (Bus b : buses) {
            long before = b.bus.failsafesWritten();
            while (b.bus.isUp() && b.bus.failsafesWritten() == before && deadline - System.nanoTime() > 0) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the vehicles' writer threads send what is queued
        closeLinks();
    }

    private void closeLinks() {
        for (Vehicle v : vehicles) {
            v.link.close();
        }
        for (Bus b : buses) {
            b.bus.close();
        }
    }
}
