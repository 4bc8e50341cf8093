package io.canopy.bt.groot;

import io.canopy.bt.observe.TransitionBatch;
import io.canopy.bt.observe.TransitionRing;
import io.canopy.bt.observe.TreeObserver;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a tree's transitions to a {@code .btlog} file in BehaviorTree.CPP's FileLogger2 format, which
 * Groot2 replays. Layout (integers little-endian):
 *
 * <pre>
 * "BTCPP4-FileLogger2"   18 ASCII bytes
 * protocol               u8 = 1
 * xml length N           i32
 * tree XML               N bytes (the Groot2 XML with _uid attributes, see {@link Groot2Xml})
 * first timestamp        i64, µs since the Unix epoch when the log was opened
 * transitions            9 bytes each: µs since the first timestamp (6 bytes), uid (u16), new status (u8)
 * </pre>
 *
 * The tick never waits for the file: {@link #drain()} (on a monitor thread) copies what the observer's ring
 * holds. Times are the tree's clock, offset to the wall-clock instant the log was opened.
 */
public final class BtlogWriter implements AutoCloseable {
    public static final String MAGIC = "BTCPP4-FileLogger2";
    public static final int PROTOCOL = 1;
    private static final long MAX_USEC = (1L << 48) - 1;

    private final Path file;
    private final OutputStream out;
    private final TransitionRing.Reader reader;
    private final TransitionBatch batch = new TransitionBatch(4096);
    private final byte[] record = new byte[Groot2Protocol.TRANSITION_RECORD];
    private final long originNs;
    private long written;
    private boolean closed;

    private BtlogWriter(TreeObserver observer, Path file) throws IOException {
        this.file = file;
        this.reader = observer.reader();
        this.originNs = observer.tree().context().clock().nanoTime();
        long firstUsec = System.currentTimeMillis() * 1000L;
        byte[] xml = Groot2Xml.write(observer).getBytes(StandardCharsets.UTF_8);
        out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        ByteBuffer head = ByteBuffer.allocate(MAGIC.length() + 1 + 4).order(ByteOrder.LITTLE_ENDIAN);
        head.put(MAGIC.getBytes(StandardCharsets.US_ASCII)).put((byte) PROTOCOL).putInt(xml.length);
        out.write(head.array());
        out.write(xml);
        out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(firstUsec).array());
        out.flush();
    }

    /**
     * Starts logging {@code observer}'s tree to {@code file}, which must end in {@code .btlog} (Groot2 opens
     * only those). Creates missing parent directories.
     */
    public static BtlogWriter open(TreeObserver observer, Path file) {
        if (!file.getFileName().toString().endsWith(".btlog")) {
            throw new IllegalArgumentException("btlog file " + file + ": the name must end in .btlog (Groot2 opens "
                    + "only those); for example " + observer.tree().id() + ".btlog");
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            return new BtlogWriter(observer, file);
        } catch (IOException e) {
            throw new UncheckedIOException("btlog file " + file + ": cannot write: " + e.getMessage()
                    + "; give a writable path", e);
        }
    }

    /** Writes the transitions the tree made since the last call; returns how many. Not on the tick thread. */
    public synchronized int drain() {
        if (closed) {
            return 0;
        }
        int total = 0;
        try {
            while (reader.poll(batch) > 0) {
                for (int k = 0; k < batch.count(); k++) {
                    long usec = Math.max(0, Math.min(MAX_USEC, (batch.timeNs(k) - originNs) / 1000));
                    encode(record, usec, Groot2Xml.uid(batch.uid(k)), batch.to(k).ordinal());
                    out.write(record);
                }
                total += batch.count();
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("btlog file " + file + ": write failed: " + e.getMessage(), e);
        }
        written += total;
        return total;
    }

    /** One 9-byte transition record: µs (6 bytes LE), uid (u16 LE), status (u8). */
    static void encode(byte[] rec, long usec, int uid, int status) {
        for (int i = 0; i < 6; i++) {
            rec[i] = (byte) (usec >>> (8 * i));
        }
        rec[6] = (byte) uid;
        rec[7] = (byte) (uid >>> 8);
        rec[8] = (byte) status;
    }

    public Path file() {
        return file;
    }

    /** Transitions written so far. */
    public long written() {
        return written;
    }

    /** Transitions the ring overwrote before they were written (the monitor thread fell behind). */
    public long lost() {
        return reader.lost();
    }

    /** Writes what is left and closes the file. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        drain();
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("btlog file " + file + ": close failed: " + e.getMessage(), e);
        }
    }
}
