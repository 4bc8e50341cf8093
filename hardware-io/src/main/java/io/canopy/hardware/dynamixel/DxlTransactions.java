package io.canopy.hardware.dynamixel;

import io.canopy.hardware.serial.Transport;
import io.canopy.tick.EventKind;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The packet layer of a {@link DynamixelBus}, on its bus thread: writes instruction packets to the port, waits up to
 * the response timeout for one servo's status (PING, READ, WRITE) or for every servo's answer to a SYNC_READ, parses
 * what comes, and tells a port that fails ({@code <name>.link_lost}, one log line; the bus reopens it). Statuses go
 * to the {@link Sink}: each one's Alert bit, and the answers to a SYNC_READ; an error number raises
 * {@code <name>.servo_error}. Reuses its buffers: nothing allocated per packet.
 */
final class DxlTransactions {
    /** What the bus thread waits for: the answers to a SYNC_READ, or one servo's answer to a PING or a READ. */
    static final int T_SYNC = 0;
    static final int T_PING = 1;
    static final int T_READ = 2;

    /** Where statuses go (the bus thread, while it waits in this class). */
    interface Sink {
        /** The Alert bit of servo {@code i}'s latest status. */
        void alert(int i, boolean on);

        /** A status of servo {@code i} while no single transaction waits: {@code p[0]} the error, {@code n} bytes. */
        void syncStatus(int i, byte[] p, int n);

        /** The port failed: goals stop until the tree resumes. */
        void linkLost();
    }

    private final DynamixelConfig config;
    private final Transport transport;
    private final DxlEvents events;
    private final int[] ids;
    private final int[] indexOfId;
    private final DxlParser parser;
    private final byte[] out = new byte[2048];
    private final byte[] scratch = new byte[2048];
    private final byte[] in = new byte[1024];
    private final long[] all;
    private final byte[] txData = new byte[1024];
    private final AtomicLong packetsSent = new AtomicLong();
    private final AtomicLong lostCount = new AtomicLong();
    private Sink sink;
    private volatile boolean up;
    private int txKind = T_SYNC;
    private int txId;
    private int txLength;
    private boolean txDone;
    private int txError;

    DxlTransactions(DynamixelConfig config, Transport transport, DxlEvents events, int[] ids, int[] indexOfId) {
        this.config = config;
        this.transport = transport;
        this.events = events;
        this.ids = ids;
        this.indexOfId = indexOfId;
        this.all = new long[ids.length];
        this.parser = new DxlParser(this::onStatus);
    }

    void listen(Sink s) {
        sink = s;
    }

    /** Opens (or reopens) the port; the exception's message says why it failed. */
    void open() throws IOException {
        transport.open();
        up = true;
    }

    boolean up() {
        return up;
    }

    Transport transport() {
        return transport;
    }

    DxlParser parser() {
        return parser;
    }

    /** Bytes that were no packet, wrong CRCs and bad lengths so far. */
    long badInput() {
        return parser.crcErrors() + parser.badLengths() + parser.garbageBytes();
    }

    long packetsSent() {
        return packetsSent.get();
    }

    long lostCount() {
        return lostCount.get();
    }

    /** The error byte of the last status a {@link #transact} got. */
    int error() {
        return txError;
    }

    /** The parameters of the last status a {@link #transact} got. */
    byte[] data() {
        return txData;
    }

    /** Writes {@code buf[0..len)} to the port while it is up; a failed write loses the link. */
    void send(byte[] buf, int len) {
        if (up) {
            if (transport.write(buf, len)) {
                packetsSent.incrementAndGet();
            } else {
                lost();
            }
        }
    }

    /** Discards what the parser holds, before a new request. */
    void reset() {
        parser.reset();
    }

    /**
     * Sends the packet in {@code out[0..len)} to servo {@code id} and waits, up to the response timeout, for its
     * status: {@code length} parameters after the error byte (or an error number with none). True when it came;
     * its error byte is then in {@link #error()} and its parameters in {@link #data()}.
     */
    private boolean transact(int len, int kind, int id, int length) {
        if (!up) {
            return false;
        }
        txKind = kind;
        txId = id;
        txLength = length;
        txDone = false;
        parser.reset();
        send(out, len);
        long deadline = System.nanoTime() + config.responseTimeoutMs() * 1_000_000L;
        while (!txDone && up) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            if (!readSome(left)) {
                break;
            }
        }
        txKind = T_SYNC;
        return txDone;
    }

    /** Reads what comes within {@code leftNs} into the parser; false when the port failed (the link is lost). */
    private boolean readSome(long leftNs) {
        int n = transport.read(in, (int) Math.max(1, leftNs / 1_000_000L));
        if (n < 0) {
            lost();
            return false;
        }
        parser.feed(in, 0, n);
        return true;
    }

    /**
     * Waits, up to the response timeout, until every entry of {@code answered} is set (by the {@link Sink} as the
     * answers to the SYNC_READ just sent come in). False when the port failed meanwhile.
     */
    boolean awaitAll(int[] answered) {
        long deadline = System.nanoTime() + config.responseTimeoutMs() * 1_000_000L;
        int pending = answered.length;
        while (pending > 0 && up) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            if (!readSome(left)) {
                return false;
            }
            pending = 0;
            for (int a : answered) {
                pending += a == 0 ? 1 : 0;
            }
        }
        return true;
    }

    /** PINGs servo {@code id}: true when a status came (check {@link #error()}); model and firmware in {@link #data()}. */
    boolean ping(int id) {
        return transact(DxlPackets.ping(out, id), T_PING, id, 3);
    }

    /** READs {@code size} bytes at {@code address} of servo {@code id}: true when its status came. */
    boolean read(int id, int address, int size) {
        return transact(DxlPackets.read(out, scratch, id, address, size), T_READ, id, size);
    }

    /** READs {@code item} of servo {@code i}: its value, or -1 when the servo did not answer or answered an error. */
    long readOne(int i, ControlTable.Item item) {
        if (read(ids[i], item.address(), item.size()) && (txError & 0x7F) == 0) {
            return DxlPackets.getLe(txData, 0, item.size(), false);
        }
        return -1;
    }

    /**
     * WRITEs {@code value} to {@code item} of servo {@code i} and waits for its status (none comes when the servo's
     * Status Return Level is below 2: then the answer is false, and a read-back tells whether it took).
     */
    boolean writeOne(int i, ControlTable.Item item, long value) {
        return transact(DxlPackets.write(out, scratch, ids[i], item.address(), item.size(), value), T_READ, ids[i], 0)
                && (txError & 0x7F) == 0;
    }

    /** One SYNC_WRITE of {@code value} to {@code item} of every servo. */
    void writeAll(ControlTable.Item item, long value) {
        for (int i = 0; i < ids.length; i++) {
            all[i] = value;
        }
        send(out, DxlPackets.syncWrite(out, scratch, item.address(), item.size(), ids, all, ids.length));
    }

    private void lost() {
        up = false;
        lostCount.incrementAndGet();
        sink.linkLost();
        events.busHealth.lost(transport.describe() + ": " + transport.lastError() + "; reopening");
        transport.close();
        events.event(EventKind.COMMAND, events.linkLost, 0);
    }

    private void onStatus(int id, int instruction, byte[] p, int n) {
        if (instruction != DxlPackets.STATUS || id > 252 || indexOfId[id] < 0 || n < 1) {
            return; // our own instruction echoed by the adapter, or a servo we do not drive
        }
        int i = indexOfId[id];
        int error = p[0] & 0xFF;
        if ((error & 0x7F) != 0) {
            events.servoError(id);
        }
        sink.alert(i, (error & DxlErrors.ALERT) != 0);
        if (txKind != T_SYNC) {
            if (id == txId && !txDone && (n - 1 == txLength || (error & 0x7F) != 0)) {
                txError = error;
                System.arraycopy(p, 1, txData, 0, n - 1);
                txDone = true;
            }
            return;
        }
        sink.syncStatus(i, p, n);
    }
}
