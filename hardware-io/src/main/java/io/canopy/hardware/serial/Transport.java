package io.canopy.hardware.serial;

import java.io.IOException;

/**
 * A byte pipe under a link: a tty driven through libc ({@link TtyTransport}), an in-process pipe
 * ({@link InProcessWire}) under a {@link SerialLink}, or a UDP socket under a raw byte link
 * ({@code io.canopy.hardware.stream}). {@link #read} is called only by the link's reader thread; {@link #write} and
 * {@link #tryWrite} by one thread at a time (the link's writer thread, or a sending thread that owns the port for
 * one frame); {@link #open} and {@link #close} by the reader thread, never during a write.
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

    /**
     * Writes what the device takes now, without waiting: bytes {@code off..off+len} of {@code buf}, as many as fit
     * in the driver's output buffer. Never blocks.
     *
     * @return bytes written (0 when none fit, or when this transport cannot write without waiting: then the
     *         caller leaves the whole frame to the thread that may wait), -1 when the device is gone ({@link #lastError})
     */
    default int tryWrite(byte[] buf, int off, int len) {
        return 0;
    }

    /** Closes; never throws. */
    void close();

    /** Why the last open, read or write failed. */
    String lastError();

    /** For messages: the port path or {@code udp:127.0.0.1:14550}. */
    default String describe() {
        return toString();
    }
}
