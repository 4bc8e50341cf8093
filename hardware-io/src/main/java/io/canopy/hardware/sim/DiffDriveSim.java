package io.canopy.hardware.sim;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.proto.BatteryState;
import io.canopy.proto.DeviceInfo;
import io.canopy.proto.Envelope;
import io.canopy.proto.Heartbeat;
import io.canopy.proto.MotorState;
import io.canopy.proto.RangeReading;
import io.canopy.tick.NanoClock;
import io.canopy.tick.SystemNanoClock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The simulated differential-drive base as a device on a serial link: it speaks only the wire format
 * (docs/wire-format.md), so a real microcontroller could take its place. A thread steps
 * {@link DiffDriveModel} at 100 Hz and sends {@code MotorState} of both wheels at 50 Hz, a
 * {@code RangeReading} (sensor 0) at 20 Hz, {@code BatteryState} and {@code Heartbeat} at 1 Hz, and a
 * {@code DeviceInfo} whenever its port (re)connects and every 5 s. {@code MotorCommand}s drive the
 * wheels; they time out after their {@code timeout_ms}.
 */
public final class DiffDriveSim implements AutoCloseable {
    /** {@code DeviceInfo.model} of the simulator. */
    public static final String MODEL = "canopy-sim-diffdrive";
    /** {@code DeviceInfo.firmware} of the simulator. */
    public static final String FIRMWARE = "0.1.0";
    /** The version of messages.proto spoken. */
    public static final int PROTOCOL_VERSION = 1;
    /** {@code Envelope.source} of everything the simulator sends. */
    public static final String SOURCE = "sim/base";

    private static final long STEP_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private final DiffDriveModel model = new DiffDriveModel();
    private final NanoClock clock;
    private final AtomicLong commands = new AtomicLong();
    private final SerialLink link;
    private volatile boolean running;
    private Thread thread;
    private long startNs;

    private DiffDriveSim(Function<LinkSink, SerialLink> linkFactory, NanoClock clock) {
        this.clock = clock;
        this.link = linkFactory.apply(new Receiver());
    }

    /** A simulator on a serial port or pty (for example one end of a socat pair). */
    public static DiffDriveSim onPort(SerialConfig config) {
        return new DiffDriveSim(sink -> SerialLink.open(config, sink), SystemNanoClock.INSTANCE);
    }

    /** A simulator on one end of an in-process cable. */
    public static DiffDriveSim inProcess(InProcessWire wire, boolean endA) {
        return inProcess(wire, endA, SystemNanoClock.INSTANCE);
    }

    /**
     * A simulator on one end of an in-process cable whose physics and command timeouts run on {@code clock};
     * with a manual clock, start it with {@link #startManual()} and drive it with {@link #step(long)}.
     */
    public static DiffDriveSim inProcess(InProcessWire wire, boolean endA, NanoClock clock) {
        return new DiffDriveSim(sink -> SerialLink.inProcess("sim", wire, endA, sink), clock);
    }

    /** Starts the link only: the caller steps the physics with {@link #step(long)} (manual clock, replay). */
    public DiffDriveSim startManual() {
        startNs = clock.nanoTime();
        link.start();
        return this;
    }

    /** The physics step, in nanoseconds: {@link #step(long)} advances the world by this much. */
    public static long stepNs() {
        return STEP_NS;
    }

    private long manualStep;
    private boolean manualWasConnected;
    private long manualLastInfoStep = Long.MIN_VALUE / 2;

    /** One physics step ending at {@code nowNs}, publishing what the thread would (manual mode). */
    public void step(long nowNs) {
        synchronized (model) {
            model.step(nowNs, STEP_NS);
        }
        boolean connected = link.isConnected();
        if (connected && (!manualWasConnected || manualStep - manualLastInfoStep >= 500)) {
            manualLastInfoStep = manualStep;
            link.send(envelope().setDeviceInfo(DeviceInfo.newBuilder()
                    .setModel(MODEL).setFirmware(FIRMWARE).setProtocolVersion(PROTOCOL_VERSION)).build());
        }
        manualWasConnected = connected;
        if (connected) {
            publish(manualStep);
        }
        manualStep++;
    }

    /** Whether the base is on its charger (any thread). */
    public boolean charging() {
        synchronized (model) {
            return model.charging();
        }
    }

    /** Starts the link and the physics thread. */
    public DiffDriveSim start() {
        running = true;
        startNs = clock.nanoTime();
        link.start();
        thread = new Thread(this::run, "sim-base");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    private void run() {
        long next = clock.nanoTime();
        long step = 0;
        boolean wasConnected = false;
        long lastInfoStep = Long.MIN_VALUE / 2;
        while (running) {
            next += STEP_NS;
            long now = clock.nanoTime();
            synchronized (model) {
                model.step(now, STEP_NS);
            }
            boolean connected = link.isConnected();
            if (connected && (!wasConnected || step - lastInfoStep >= 500)) {
                lastInfoStep = step;
                link.send(envelope().setDeviceInfo(DeviceInfo.newBuilder()
                        .setModel(MODEL).setFirmware(FIRMWARE).setProtocolVersion(PROTOCOL_VERSION)).build());
            }
            wasConnected = connected;
            if (connected) {
                publish(step);
            }
            step++;
            long waitNs = next - clock.nanoTime();
            if (waitNs > 0) {
                LockSupport.parkNanos(waitNs);
            } else {
                next = clock.nanoTime(); // fell behind: skip, never burst
            }
        }
    }

    private void publish(long step) {
        Envelope[] out = new Envelope[5];
        int n = 0;
        synchronized (model) {
            if (step % 2 == 0) {
                for (int m = 0; m < 2; m++) {
                    out[n++] = envelope().setMotorState(MotorState.newBuilder().setMotorId(m)
                            .setPosition(model.position(m)).setVelocity(model.velocity(m))
                            .setEffort(model.effort(m)).setFaultFlags(model.faultFlags(m))).build();
                }
            }
            if (step % 5 == 0) {
                out[n++] = envelope().setRangeReading(RangeReading.newBuilder().setSensorId(0)
                        .setRangeM(model.rangeM()).setMinM(DiffDriveModel.RANGE_MIN_M)
                        .setMaxM(DiffDriveModel.RANGE_MAX_M)).build();
            }
            if (step % 100 == 0) {
                out[n++] = envelope().setBatteryState(BatteryState.newBuilder()
                        .setVoltage((float) model.batteryVoltage()).setPercent((float) model.batteryPercent())
                        .setCharging(model.charging())).build();
                out[n++] = envelope().setHeartbeat(Heartbeat.newBuilder()
                        .setUptimeMs((int) TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - startNs))).build();
            }
        }
        for (int i = 0; i < n; i++) {
            link.send(out[i]);
        }
    }

    private static Envelope.Builder envelope() {
        return Envelope.newBuilder().setStampNs(System.currentTimeMillis() * 1_000_000L).setSource(SOURCE);
    }

    /** A consistent copy of the simulated state. */
    public Snapshot snapshot() {
        synchronized (model) {
            return new Snapshot(model.x(), model.y(), model.theta(), model.velocity(0), model.velocity(1),
                    model.rangeM(), model.batteryPercent(), model.faultFlags(0) | model.faultFlags(1));
        }
    }

    /**
     * The simulated state.
     *
     * @param faultFlags FaultFlag bits of either wheel
     */
    public record Snapshot(double x, double y, double theta, double leftRadS, double rightRadS, float rangeM,
            double batteryPercent, int faultFlags) {}

    /** Places the base (before driving it). */
    public void pose(double x, double y, double heading) {
        synchronized (model) {
            model.pose(x, y, heading);
        }
    }

    /** Changes the model (battery drain, dock, pose) under the simulator's lock; for launch-file settings. */
    public void configure(Consumer<DiffDriveModel> change) {
        synchronized (model) {
            change.accept(model);
        }
    }

    /** MotorCommands received. */
    public long commandsReceived() {
        return commands.get();
    }

    public SerialLink link() {
        return link;
    }

    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        link.close();
    }

    private final class Receiver implements LinkSink {
        @Override
        public void onEnvelope(SerialLink l, Envelope envelope, long receivedNs) {
            if (envelope.hasMotorCommand()) {
                synchronized (model) {
                    model.command(envelope.getMotorCommand(), clock.nanoTime()); // the simulator's own clock
                }
                commands.incrementAndGet();
            }
        }
    }
}
