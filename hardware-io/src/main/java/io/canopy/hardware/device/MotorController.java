package io.canopy.hardware.device;

import io.canopy.hardware.serial.OutboundPayload;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorState;
import io.canopy.tick.StallHandler;
import io.canopy.tick.TickListener;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The motor-controller role of a link: set-points from the tree become {@code MotorCommand}s, and
 * {@code MotorState}s come back into one {@link LatestReading} per motor ({@code [position, velocity,
 * effort, fault_flags]}).
 *
 * <p>Set-points are written on the tick thread ({@link #setVelocity} ...) and sent by {@link #onTick}:
 * at once when they change, and again every {@code refreshMs} so that a controller honouring
 * {@code timeout_ms} keeps the motor running only as long as the node keeps commanding it. When the node
 * stops ticking (hung, crashed, unplugged), the controller stops the motors by itself after
 * {@code timeout_ms}.
 *
 * <p>{@link #stopAll()} sends a stop for every motor right away and clears the set-points; any thread may
 * call it: the tree's halt, node shutdown and the ticker's watchdog use it (this class is a
 * {@link StallHandler}: {@code new Watchdog(ticker, motorController)}). A link that comes back after
 * {@code device.lost} gets a stop first (the controller may have rebooted; the old set-point is stale).
 * Commands are encoded straight into a pooled payload buffer of the link ({@link MotorCommandEncoder}),
 * so commanding from the tick thread allocates nothing.
 */
public final class MotorController implements DeviceRole, TickListener, StallHandler {
    public static final int POSITION = 0;
    public static final int VELOCITY = 1;
    public static final int EFFORT = 2;
    public static final int FAULT_FLAGS = 3;

    private static final byte NONE = 0;
    private static final byte MODE_VELOCITY = 1;
    private static final byte MODE_POSITION = 2;
    private static final byte MODE_EFFORT = 3;
    private static final byte MODE_STOP = 4;

    private final MotorCommandEncoder encoder;
    private final int timeoutMs;
    private final long refreshNs;
    private final LatestReading[] states;
    private final byte[] mode;
    private final double[] target;
    private final boolean[] dirty;
    private final long[] lastSentNs;
    private final AtomicLong stopRequests = new AtomicLong();
    private final AtomicLong commandsSent = new AtomicLong();
    private final AtomicLong commandsDropped = new AtomicLong();
    private final AtomicLong stopsSent = new AtomicLong();
    private long stopRequestsSeen;
    private volatile boolean held;
    private volatile SerialLink link;

    /**
     * @param source     the Envelope {@code source} of commands (the role's name)
     * @param motors     number of motors (ids 0..motors-1)
     * @param timeoutMs  {@code timeout_ms} of every command: the controller stops a motor without a newer command
     * @param refreshMs  how often an unchanged set-point is sent again; below {@code timeoutMs}
     */
    public MotorController(String source, int motors, int timeoutMs, int refreshMs) {
        if (motors < 1 || timeoutMs < 1 || refreshMs < 1 || refreshMs >= timeoutMs) {
            throw new IllegalArgumentException("motor controller '" + source + "': need motors >= 1 and"
                    + " 0 < refreshMs < timeoutMs, got motors=" + motors + " refreshMs=" + refreshMs
                    + " timeoutMs=" + timeoutMs);
        }
        this.encoder = new MotorCommandEncoder(source);
        this.timeoutMs = timeoutMs;
        this.refreshNs = refreshMs * 1_000_000L;
        this.states = new LatestReading[motors];
        for (int i = 0; i < motors; i++) {
            states[i] = new LatestReading(source + ".motor" + i, 4);
        }
        this.mode = new byte[motors];
        this.target = new double[motors];
        this.dirty = new boolean[motors];
        this.lastSentNs = new long[motors];
    }

    /** The link the commands go out on (call once, after creating the link with a hub holding this role). */
    public MotorController attach(SerialLink link) {
        this.link = link;
        return this;
    }

    /** Tick thread: velocity set-point, rad/s. */
    public void setVelocity(int motor, double radPerS) {
        set(motor, MODE_VELOCITY, radPerS);
    }

    /** Tick thread: position set-point, rad. */
    public void setPosition(int motor, double rad) {
        set(motor, MODE_POSITION, rad);
    }

    /** Tick thread: effort set-point, N·m. */
    public void setEffort(int motor, double newtonMetres) {
        set(motor, MODE_EFFORT, newtonMetres);
    }

    /** Tick thread: hold this motor stopped (sent like a set-point, refreshed). */
    public void setStop(int motor) {
        set(motor, MODE_STOP, 0);
    }

    private void set(int motor, byte m, double value) {
        if (mode[motor] != m || Double.compare(target[motor], value) != 0) {
            mode[motor] = m;
            target[motor] = value;
            dirty[motor] = true;
        }
    }

    /**
     * Any thread: while held, every motor gets its safe command (stop), sent now and refreshed, and no
     * set-point goes out; the set-points written meanwhile are forgotten, so after {@code hold(false)} only
     * what the tree (or a binding) commands anew is sent. The failsafe holds a link's motors while its device
     * is silent or its command source is stale.
     */
    public void hold(boolean on) {
        if (on && !held) {
            held = true;
            stopAll();
        } else if (!on) {
            held = false;
        }
    }

    /** Whether the motors are held at their safe command ({@link #hold}). */
    public boolean held() {
        return held;
    }

    /** Tick thread: sends changed set-points now and unchanged ones every refresh period. */
    @Override
    public void onTick(long nowNs) {
        if (held) {
            for (int i = 0; i < mode.length; i++) {
                mode[i] = NONE;
                dirty[i] = false;
                if (nowNs - lastSentNs[i] >= refreshNs) {
                    lastSentNs[i] = nowNs;
                    if (sendCommand(i, MODE_STOP, 0)) {
                        stopsSent.incrementAndGet();
                    }
                }
            }
            return;
        }
        long requests = stopRequests.get();
        if (requests != stopRequestsSeen) {
            stopRequestsSeen = requests;
            for (int i = 0; i < mode.length; i++) {
                mode[i] = NONE;
                dirty[i] = false;
            }
        }
        for (int i = 0; i < mode.length; i++) {
            if (mode[i] != NONE && (dirty[i] || nowNs - lastSentNs[i] >= refreshNs)) {
                dirty[i] = false;
                lastSentNs[i] = nowNs;
                sendCommand(i, mode[i], target[i]);
            }
        }
    }

    /**
     * Any thread: sends a stop for every motor now and forgets the set-points (the tick thread will not
     * send them again until the tree sets new ones). For halt, shutdown and the watchdog's failsafe.
     */
    public void stopAll() {
        stopRequests.incrementAndGet();
        for (int i = 0; i < mode.length; i++) {
            if (sendCommand(i, MODE_STOP, 0)) {
                stopsSent.incrementAndGet();
            }
        }
    }

    /** The watchdog's failsafe ({@code new Watchdog(ticker, motorController)}): {@link #stopAll()}. */
    @Override
    public void onStall(String tickerRole, String timerName, long stalledForNs) {
        stopAll();
    }

    private boolean sendCommand(int motor, byte m, double value) {
        SerialLink l = link;
        OutboundPayload payload = l == null ? null : l.claimPayload();
        if (payload == null) {
            commandsDropped.incrementAndGet();
            return false;
        }
        int target = m == MODE_VELOCITY ? MotorCommandEncoder.VELOCITY
                : m == MODE_POSITION ? MotorCommandEncoder.POSITION
                : m == MODE_EFFORT ? MotorCommandEncoder.EFFORT : MotorCommandEncoder.STOP;
        int n = encoder.encode(payload.buffer(), System.currentTimeMillis() * 1_000_000L, motor, target, value, timeoutMs);
        if (l.send(payload, n)) {
            commandsSent.incrementAndGet();
            return true;
        }
        commandsDropped.incrementAndGet();
        return false;
    }

    @Override
    public boolean onEnvelope(Envelope envelope, long receivedNs) {
        if (envelope.getBodyCase() != Envelope.BodyCase.MOTOR_STATE) {
            return false;
        }
        MotorState s = envelope.getMotorState();
        int id = s.getMotorId();
        if (id < 0 || id >= states.length) { // uint32 on the wire: 0x80000000 and above arrive negative
            return false;
        }
        states[id].publish(receivedNs, s.getPosition(), s.getVelocity(), s.getEffort(), s.getFaultFlags());
        return true;
    }

    @Override
    public void onDeviceLost(SerialLink l) {
        stopRequests.incrementAndGet(); // do not resume old set-points when it comes back
    }

    @Override
    public void onDeviceBack(SerialLink l) {
        stopAll();
    }

    /** The latest state of one motor. */
    public LatestReading state(int motor) {
        return states[motor];
    }

    public int motors() {
        return states.length;
    }

    public long commandsSent() {
        return commandsSent.get();
    }

    /** Commands the link refused (device lost, queue full). */
    public long commandsDropped() {
        return commandsDropped.get();
    }

    public long stopsSent() {
        return stopsSent.get();
    }
}
