package io.canopy.hardware.serial;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import java.io.IOException;
import java.lang.reflect.Field;
import jssc.SerialPort;
import jssc.SerialPortException;

/**
 * A serial port opened and configured by jssc, read by a blocking {@code poll} + {@code read} on its
 * descriptor with VMIN=1, VTIME=0. The descriptor is O_NONBLOCK: {@link #write} waits in {@code poll(POLLOUT)}
 * when the output buffer is full, {@link #tryWrite} returns what fit.
 *
 * <p>Why not jssc's own read calls: {@code readBytes(n, timeout)} busy-waits (a whole core when the line
 * is idle) and its event listener adds about a millisecond of latency. jssc configures VMIN=0 VTIME=0;
 * this class sets VMIN=1 and waits in {@code poll} (100 ms at most, to notice {@link SerialLink#close}),
 * so the reader thread sleeps in the kernel and wakes as soon as a byte arrives. A hung-up device (a
 * pulled USB adapter, a killed socat) shows as POLLHUP/POLLERR or a failing read. On close the port's
 * original termios is restored (jssc would leave it at min=0 time=0, which makes a later blocking reader
 * of the same device spin on end-of-file).
 */
public final class TtyTransport implements Transport {
    private static final int CHUNK = 4096;
    private static final Field PORT_HANDLE = portHandleField();

    private final SerialConfig config;
    private final Memory pollFd = new Memory(8);
    private final Memory readBuf = new Memory(CHUNK);
    private final Memory writeBuf = new Memory(CHUNK);
    private final Memory tryWriteBuf = new Memory(CHUNK);
    private final Memory writePollFd = new Memory(8);
    private final Memory savedTermios = new Memory(Posix.TERMIOS_SIZE);
    private final Memory termios = new Memory(Posix.TERMIOS_SIZE);
    private SerialPort port;
    private volatile int fd = -1;
    private boolean saved;
    private volatile String lastError = "";

    public TtyTransport(SerialConfig config) {
        if (!Posix.AVAILABLE) {
            throw new IllegalStateException("serial links need Linux (libc via JNA) for their read path");
        }
        this.config = config.validate();
    }

    private static Field portHandleField() {
        try {
            Field f = SerialPort.class.getDeclaredField("portHandle");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("jssc 2.10.2 is required: SerialPort.portHandle not accessible", e);
        }
    }

    @Override
    public void open() throws IOException {
        SerialPort p = new SerialPort(config.path());
        try {
            p.openPort();
        } catch (SerialPortException e) {
            lastError = reason(e);
            throw new IOException(lastError);
        }
        try {
            int handle = (int) PORT_HANDLE.getLong(p);
            saved = Posix.tcgetattr(handle, savedTermios) == 0;
            p.setParams(config.baud(), config.dataBits(), stopBits(), parity());
            p.setFlowControlMode(flowControl());
            if (Posix.tcgetattr(handle, termios) != 0) {
                throw new IOException("tcgetattr failed: " + Posix.strerror(Native.getLastError()));
            }
            int flags = Posix.fcntl(handle, Posix.F_GETFL, 0);
            if (flags < 0 || Posix.fcntl(handle, Posix.F_SETFL, flags | Posix.O_NONBLOCK) != 0) {
                throw new IOException("fcntl O_NONBLOCK failed: " + Posix.strerror(Native.getLastError()));
            }
            termios.setByte(Posix.OFFSET_VMIN, (byte) 1);
            termios.setByte(Posix.OFFSET_VTIME, (byte) 0);
            if (Posix.tcsetattr(handle, Posix.TCSANOW, termios) != 0) {
                throw new IOException("tcsetattr failed: " + Posix.strerror(Native.getLastError()));
            }
            port = p;
            fd = handle;
        } catch (IllegalAccessException | IOException e) {
            closeQuietly(p);
            lastError = e instanceof SerialPortException ? reason((SerialPortException) e) : String.valueOf(e.getMessage());
            throw new IOException(lastError);
        }
    }

    private static String reason(SerialPortException e) {
        String type = e.getExceptionType();
        return type == null ? String.valueOf(e.getMessage()) : type;
    }

    @Override
    public int read(byte[] buf, int timeoutMs) {
        int d = fd;
        if (d < 0) {
            lastError = "port closed";
            return -1;
        }
        pollFd.setInt(0, d);
        pollFd.setShort(4, Posix.POLLIN);
        pollFd.setShort(6, (short) 0);
        int r = Posix.poll(pollFd, 1, timeoutMs);
        if (r < 0) {
            int errno = Native.getLastError();
            if (errno == Posix.EINTR) {
                return 0;
            }
            lastError = "poll: " + Posix.strerror(errno);
            return -1;
        }
        if (r == 0) {
            return 0;
        }
        short revents = pollFd.getShort(6);
        if ((revents & Posix.POLLIN) != 0) {
            long n = Posix.read(d, readBuf, Math.min(buf.length, CHUNK));
            if (n > 0) {
                readBuf.read(0, buf, 0, (int) n);
                return (int) n;
            }
            if (n < 0) {
                int errno = Native.getLastError();
                if (errno == Posix.EAGAIN || errno == Posix.EINTR) {
                    return 0;
                }
                lastError = "read: " + Posix.strerror(errno);
                return -1;
            }
            lastError = "read: end of file (device hung up)";
            return -1;
        }
        if ((revents & (Posix.POLLHUP | Posix.POLLERR | Posix.POLLNVAL)) != 0) {
            lastError = (revents & Posix.POLLHUP) != 0 ? "hang-up (POLLHUP)" : "poll error 0x" + Integer.toHexString(revents);
            return -1;
        }
        return 0;
    }

    @Override
    public boolean write(byte[] buf, int len) {
        int d = fd;
        if (d < 0) {
            lastError = "port closed";
            return false;
        }
        int off = 0;
        while (off < len) {
            int n = Math.min(len - off, CHUNK);
            writeBuf.write(0, buf, off, n);
            long w = Posix.write(d, writeBuf, n);
            if (w < 0) {
                int errno = Native.getLastError();
                if (errno == Posix.EINTR || errno == Posix.EAGAIN) {
                    waitWritable(d);
                    continue;
                }
                lastError = "write: " + Posix.strerror(errno);
                return false;
            }
            off += (int) w;
        }
        return true;
    }

    /**
     * One {@code write(2)} on the non-blocking descriptor: what the tty's output buffer takes now. The link calls
     * it on a sending thread (the tick thread) that owns the port for one frame; its own native buffer, so that it
     * never shares one with {@link #write} (which the writer thread may be about to call after this returns).
     */
    @Override
    public int tryWrite(byte[] buf, int off, int len) {
        int d = fd;
        if (d < 0) {
            lastError = "port closed";
            return -1;
        }
        int n = Math.min(len, CHUNK);
        tryWriteBuf.write(0, buf, off, n);
        long w = Posix.write(d, tryWriteBuf, n);
        if (w < 0) {
            int errno = Native.getLastError();
            if (errno == Posix.EAGAIN || errno == Posix.EINTR) {
                return 0;
            }
            lastError = "write: " + Posix.strerror(errno);
            return -1;
        }
        return (int) w;
    }

    @Override
    public String describe() {
        return config.describe();
    }

    private void waitWritable(int d) {
        // not pollFd: the reader thread uses that one at the same time
        writePollFd.setInt(0, d);
        writePollFd.setShort(4, Posix.POLLOUT);
        writePollFd.setShort(6, (short) 0);
        Posix.poll(writePollFd, 1, 100);
    }

    @Override
    public void close() {
        SerialPort p = port;
        int d = fd;
        fd = -1;
        port = null;
        if (d >= 0 && saved) {
            Posix.tcsetattr(d, Posix.TCSANOW, savedTermios);
        }
        if (p != null) {
            closeQuietly(p);
        }
    }

    private static void closeQuietly(SerialPort p) {
        try {
            p.closePort();
        } catch (SerialPortException | RuntimeException ignored) {
            // the device is gone; nothing more to release
        }
    }

    @Override
    public String lastError() {
        return lastError;
    }

    private int parity() {
        switch (config.parity()) {
            case ODD:
                return SerialPort.PARITY_ODD;
            case EVEN:
                return SerialPort.PARITY_EVEN;
            case MARK:
                return SerialPort.PARITY_MARK;
            case SPACE:
                return SerialPort.PARITY_SPACE;
            default:
                return SerialPort.PARITY_NONE;
        }
    }

    private int stopBits() {
        switch (config.stopBits()) {
            case TWO:
                return SerialPort.STOPBITS_2;
            case ONE_POINT_FIVE:
                return SerialPort.STOPBITS_1_5;
            default:
                return SerialPort.STOPBITS_1;
        }
    }

    private int flowControl() {
        switch (config.flowControl()) {
            case RTS_CTS:
                return SerialPort.FLOWCONTROL_RTSCTS_IN | SerialPort.FLOWCONTROL_RTSCTS_OUT;
            case XON_XOFF:
                return SerialPort.FLOWCONTROL_XONXOFF_IN | SerialPort.FLOWCONTROL_XONXOFF_OUT;
            default:
                return SerialPort.FLOWCONTROL_NONE;
        }
    }
}
