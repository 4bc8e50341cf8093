package io.canopy.hardware.serial;

import java.io.IOException;

/**
 * A byte pipe under a link: a tty opened with jssc ({@link TtyTransport}), an in-process pipe
 * ({@link InProcessWire}) under a {@link SerialLink}, or a UDP socket under a raw byte link
 * ({@code io.canopy.hardware.stream}). {@link #read} is called only by the link's reader thread, {@link #write}
 * only by its writer thread; {@link #open} and {@link #close} by the reader thread, never during a write.
 */
public interface Transport {
    /** Opens (or reopens) the device; the message of the exception says why it failed. */
    void open() throws IOException;

    /**
     * Waits up to {@code timeoutMs} for bytes and reads what is there, at most {@code buf.length}.
     *
     * @return bytes read (&gt; 0), 0 when none came in time, -1 when the device is gone ({@link #lastError})
     */
    int read(byte[] buf, int timeoutMs);

    /** Writes all {@code len} bytes; false when the device is gone ({@link #lastError}). */
    boolean write(byte[] buf, int len);

    /** Closes; never throws. */
    void close();

    /** Why the last open, read or write failed. */
    String lastError();

    /** For messages: the port path or {@code udp:127.0.0.1:14550}. */
    default String describe() {
        return toString();
    }
}
