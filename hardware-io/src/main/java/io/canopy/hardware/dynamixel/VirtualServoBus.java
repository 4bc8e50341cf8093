package io.canopy.hardware.dynamixel;

import io.canopy.hardware.serial.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Virtual Dynamixel X-series servos on one transport (one end of a pty pair), written from the Protocol 2.0
 * document: each servo has a control table, answers PING (model number, firmware), READ, WRITE and REBOOT to its
 * own id (a READ or WRITE past the table's end, or a WRITE into the EEPROM area below address 64 while torque is
 * on, gets an Access Error and writes nothing; a broadcast WRITE or READ gets no status), SYNC_READ and BULK_READ (in the order the instruction lists the ids), takes SYNC_WRITE and
 * BULK_WRITE silently, sets the Alert bit (bit 7 of the error byte) of every status while its Hardware Error
 * Status (address 70) is not 0, clears that register and turns torque off on REBOOT, and moves: with torque on, towards
 * its goal position at {@code speedRadPerS} (position mode, the default) or at its goal velocity (operating mode
 * 1). Positions advance by the real time between packets. For tests and for running a tree without servos.
 */
public final class VirtualServoBus implements AutoCloseable {
    private static final int TABLE_SIZE = 256;

    private final Transport transport;
    private final int[] ids;
    private final byte[][] tables;
    private final double speedRadPerS;
    private final ControlTable ct = ControlTable.xSeries();
    private final DxlParser parser = new DxlParser(this::onPacket);
    private final byte[] out = new byte[2048];
    private final byte[] scratch = new byte[2048];
    private final byte[] data = new byte[1024];
    private final double[] positionRad;
    private volatile boolean running;
    private Thread thread;
    private long lastNs;
    private volatile long packetsAnswered;
    private final boolean[] muted = new boolean[256];
    private final AtomicLongArray heard = new AtomicLongArray(256);
    private final AtomicLongArray writesAt =
            new AtomicLongArray(TABLE_SIZE);
    private final AtomicInteger badAnswers = new AtomicInteger();

    public VirtualServoBus(Transport transport, double speedRadPerS, int... ids) {
        this.transport = transport;
        this.ids = ids.clone();
        this.speedRadPerS = speedRadPerS;
        this.tables = new byte[ids.length][TABLE_SIZE];
        this.positionRad = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            byte[] t = tables[i];
            DxlPackets.putLe(t, 0, 2, 1030); // XM430-W210
            t[6] = 38;
            t[7] = (byte) ids[i];
            t[11] = 3; // position control
            DxlPackets.putLe(t, 144, 2, 120); // 12.0 V
            t[146] = 36;
            DxlPackets.putLe(t, 132, 4, 2048);
            DxlPackets.putLe(t, 116, 4, 2048);
        }
    }

    public synchronized VirtualServoBus start() throws IOException {
        transport.open();
        running = true;
        lastNs = System.nanoTime();
        thread = new Thread(() -> {
            byte[] buf = new byte[1024];
            while (running) {
                int n = transport.read(buf, 50);
                if (n < 0) {
                    return;
                }
                simulate();
                if (n > 0) {
                    parser.feed(buf, 0, n);
                }
            }
        }, "virtual-dynamixel");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    private synchronized void simulate() {
        long now = System.nanoTime();
        double dt = (now - lastNs) / 1e9;
        lastNs = now;
        ControlTable.Item pos = ct.item("present_position");
        for (int i = 0; i < ids.length; i++) {
            byte[] t = tables[i];
            double rad = pos.toSi(DxlPackets.getLe(t, 132, 4, true));
            double vel = 0;
            if (t[64] != 0) {
                if (t[11] == 1) {
                    vel = ct.item("goal_velocity").toSi(DxlPackets.getLe(t, 104, 4, true));
                    positionRad[i] += vel * dt;
                    rad = positionRad[i];
                } else {
                    double goal = ct.item("goal_position").toSi(DxlPackets.getLe(t, 116, 4, true));
                    double step = Math.min(Math.abs(goal - rad), speedRadPerS * dt);
                    vel = Math.signum(goal - rad) * (dt > 0 ? step / dt : 0);
                    rad += Math.signum(goal - rad) * step;
                }
            }
            positionRad[i] = rad;
            DxlPackets.putLe(t, 132, 4, pos.fromSi(rad));
            DxlPackets.putLe(t, 128, 4, ct.item("present_velocity").fromSi(vel));
            DxlPackets.putLe(t, 126, 2, Math.round(Math.abs(vel) * 20)); // a made-up load current
        }
    }

    private int index(int id) {
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }

    private synchronized void onPacket(int id, int inst, byte[] p, int n) {
        if (inst == DxlPackets.STATUS) {
            return;
        }
        heard.incrementAndGet(inst);
        switch (inst) {
            case DxlPackets.PING -> {
                for (int i = 0; i < ids.length; i++) {
                    if (id == ids[i] || id == DxlPackets.BROADCAST_ID) {
                        byte[] t = tables[i];
                        data[0] = t[0];
                        data[1] = t[1];
                        data[2] = t[6];
                        reply(ids[i], 0, data, 3);
                    }
                }
            }
            case DxlPackets.READ -> {
                int i = index(id);
                if (i >= 0) {
                    readInto(i, u16(p, 0), u16(p, 2));
                }
            }
            case DxlPackets.WRITE -> {
                int i = index(id);
                if (n >= 2 && u16(p, 0) < TABLE_SIZE) {
                    writesAt.incrementAndGet(u16(p, 0));
                }
                if (n < 3 || u16(p, 0) + n - 2 > TABLE_SIZE || i >= 0 && u16(p, 0) < 64 && tables[i][64] != 0) {
                    if (i >= 0) {
                        reply(id, 0x07, data, 0); // Access Error: past the table, or the EEPROM area with torque on
                    }
                } else if (i >= 0 || id == DxlPackets.BROADCAST_ID) {
                    for (int k = 0; k < ids.length; k++) {
                        if (k == i || id == DxlPackets.BROADCAST_ID) {
                            System.arraycopy(p, 2, tables[k], u16(p, 0), n - 2);
                        }
                    }
                    if (i >= 0) {
                        reply(id, 0, data, 0);
                    }
                }
            }
            case DxlPackets.REBOOT -> {
                int i = index(id);
                if (i >= 0) {
                    reply(id, 0, data, 0);
                    tables[i][70] = 0; // the hardware error goes with the reboot
                    tables[i][64] = 0; // and so does torque
                }
            }
            case DxlPackets.SYNC_READ -> {
                int address = u16(p, 0);
                int length = u16(p, 2);
                for (int k = 4; k < n; k++) {
                    int i = index(p[k] & 0xFF);
                    if (i >= 0) {
                        readInto(i, address, length);
                    }
                }
            }
            case DxlPackets.SYNC_WRITE -> {
                int address = u16(p, 0);
                int length = u16(p, 2);
                for (int k = 4; k + length < n + 1; k += 1 + length) {
                    int i = index(p[k] & 0xFF);
                    if (i >= 0) {
                        System.arraycopy(p, k + 1, tables[i], address, length);
                    }
                }
            }
            case DxlPackets.BULK_READ -> {
                for (int k = 0; k + 5 <= n; k += 5) {
                    int i = index(p[k] & 0xFF);
                    if (i >= 0) {
                        readInto(i, u16(p, k + 1), u16(p, k + 3));
                    }
                }
            }
            case DxlPackets.BULK_WRITE -> {
                int k = 0;
                while (k + 5 <= n) {
                    int i = index(p[k] & 0xFF);
                    int address = u16(p, k + 1);
                    int length = u16(p, k + 3);
                    if (i >= 0) {
                        System.arraycopy(p, k + 5, tables[i], address, length);
                    }
                    k += 5 + length;
                }
            }
            default -> {
                int i = index(id);
                if (i >= 0) {
                    reply(id, 0x02, data, 0); // Instruction Error
                }
            }
        }
    }

    private void readInto(int i, int address, int length) {
        if (address + length > TABLE_SIZE) {
            reply(ids[i], 0x07, data, 0); // Access Error
            return;
        }
        System.arraycopy(tables[i], address, data, 0, length);
        reply(ids[i], 0, data, length);
    }

    private void reply(int id, int error, byte[] params, int len) {
        if (id >= 0 && id < 256 && muted[id]) {
            return;
        }
        int i = index(id);
        int n = DxlPackets.status(out, scratch, id, i >= 0 && tables[i][70] != 0 ? error | 0x80 : error, params, len);
        int bad = badAnswers.get();
        if (bad > 0 && badAnswers.compareAndSet(bad, bad - 1)) {
            // bad input on purpose: a line of text, then the status cut short or with a wrong CRC, in turn
            byte[] text = "noise on the bus\r\n".getBytes(StandardCharsets.US_ASCII);
            transport.write(text, text.length);
            if (bad % 2 == 0) {
                out[n - 1] ^= 0x5A;
            } else {
                n = Math.max(1, n - 4);
            }
        }
        transport.write(out, n);
        packetsAnswered++;
    }

    private static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8;
    }

    /** The raw control-table value of servo {@code id} (any thread; for tests). */
    public synchronized long value(int id, int address, int size) {
        return DxlPackets.getLe(tables[index(id)], address, size, true);
    }

    /** Sets a raw control-table value (a hardware error, a temperature) of servo {@code id}. */
    public synchronized void set(int id, int address, int size, long value) {
        DxlPackets.putLe(tables[index(id)], address, size, value);
    }

    /** Servo {@code id} goes on hearing instructions but sends no more status packets (a broken TX line); false undoes it. */
    public void mute(int id, boolean silent) {
        muted[id] = silent;
    }

    /**
     * The next {@code count} status packets go out damaged, each after a line of text: in turn with a wrong CRC
     * and cut short by four bytes (the servo "answers", but nothing usable arrives).
     */
    public void damageAnswers(int count) {
        badAnswers.set(count);
    }

    /** Single WRITE packets heard so far whose start address is {@code address} (any id, taken or refused). */
    public long writesAt(int address) {
        return writesAt.get(address);
    }

    /** Instruction packets with instruction {@code instruction} heard so far (any id). */
    public long heard(int instruction) {
        return heard.get(instruction & 0xFF);
    }

    public long packetsAnswered() {
        return packetsAnswered;
    }

    public DxlParser parser() {
        return parser;
    }

    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        transport.close();
    }
}
