package io.canopy.hardware.stream;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import io.canopy.hardware.serial.SerialConfig;
import java.io.IOException;
import java.lang.reflect.Field;
import jssc.SerialPort;
import jssc.SerialPortException;

/**
 * A serial port (or pty) opened and configured by jssc from a {@link SerialConfig}, read by {@code poll} +
 * {@code read} with VMIN=1 so the reader thread sleeps in the kernel until a byte arrives (jssc's own timed
 * read busy-waits). A hung-up device shows as POLLHUP/POLLERR or a failing read. The port's original termios
 * is restored on close.
 */
public final class SerialByteTransport implements ByteTransport {
    private static final int CHUNK = 4096;
    private static final Field PORT_HANDLE = portHandleField();

    private final SerialConfig config;
    private final Memory pollFd = new Memory(8);
    private final Memory readBuf = new Memory(CHUNK);
    private final Memory writeBuf = new Memory(CHUNK);
    private final Memory savedTermios = new Memory(Libc.TERMIOS_SIZE);
    private final Memory termios = new Memory(Libc.TERMIOS_SIZE);
    private SerialPort port;
    private volatile int fd = -1;
    private boolean saved;
    private volatile String lastError = "";

    public SerialByteTransport(SerialConfig config) {
        if (!Libc.AVAILABLE) {
            throw new IllegalStateException("raw serial transports need Linux (libc via JNA)");
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
            saved = Libc.tcgetattr(handle, savedTermios) == 0;
            p.setParams(config.baud(), config.dataBits(), stopBits(), parity());
            p.setFlowControlMode(config.flowControl() == SerialConfig.FlowControl.RTS_CTS
                    ? SerialPort.FLOWCONTROL_RTSCTS_IN | SerialPort.FLOWCONTROL_RTSCTS_OUT
                    : config.flowControl() == SerialConfig.FlowControl.XON_XOFF
                            ? SerialPort.FLOWCONTROL_XONXOFF_IN | SerialPort.FLOWCONTROL_XONXOFF_OUT
                            : SerialPort.FLOWCONTROL_NONE);
            if (Libc.tcgetattr(handle, termios) != 0) {
                throw new IOException("tcgetattr failed: " + Libc.strerror(Native.getLastError()));
            }
            termios.setByte(Libc.OFFSET_VMIN, (byte) 1);
            termios.setByte(Libc.OFFSET_VTIME, (byte) 0);
            if (Libc.tcsetattr(handle, Libc.TCSANOW, termios) != 0) {
                throw new IOException("tcsetattr failed: " + Libc.strerror(Native.getLastError()));
            }
            port = p;
            fd = handle;
        } catch (SerialPortException e) {
            closeQuietly(p);
            lastError = reason(e);
            throw new IOException(lastError);
        } catch (IllegalAccessException | IOException e) {
            closeQuietly(p);
            lastError = String.valueOf(e.getMessage());
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
        pollFd.setShort(4, Libc.POLLIN);
        pollFd.setShort(6, (short) 0);
        int r = Libc.poll(pollFd, 1, timeoutMs);
        if (r < 0) {
            int errno = Native.getLastError();
            if (errno == Libc.EINTR) {
                return 0;
            }
            lastError = "poll: " + Libc.strerror(errno);
            return -1;
        }
        if (r == 0) {
            return 0;
        }
        short revents = pollFd.getShort(6);
        if ((revents & Libc.POLLIN) != 0) {
            long n = Libc.read(d, readBuf, Math.min(buf.length, CHUNK));
            if (n > 0) {
                readBuf.read(0, buf, 0, (int) n);
                return (int) n;
            }
            if (n < 0) {
                int errno = Native.getLastError();
                if (errno == Libc.EAGAIN || errno == Libc.EINTR) {
                    return 0;
                }
                lastError = "read: " + Libc.strerror(errno);
                return -1;
            }
            lastError = "read: end of file (device hung up)";
            return -1;
        }
        if ((revents & (Libc.POLLHUP | Libc.POLLERR | Libc.POLLNVAL)) != 0) {
            lastError = (revents & Libc.POLLHUP) != 0 ? "hang-up (POLLHUP)" : "poll error 0x" + Integer.toHexString(revents);
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
            long w = Libc.write(d, writeBuf, n);
            if (w < 0) {
                int errno = Native.getLastError();
                if (errno == Libc.EINTR || errno == Libc.EAGAIN) {
                    pollFd.setInt(0, d);
                    pollFd.setShort(4, Libc.POLLOUT);
                    pollFd.setShort(6, (short) 0);
                    Libc.poll(pollFd, 1, 100);
                    continue;
                }
                lastError = "write: " + Libc.strerror(errno);
                return false;
            }
            off += (int) w;
        }
        return true;
    }

    @Override
    public void close() {
        SerialPort p = port;
        int d = fd;
        fd = -1;
        port = null;
        if (d >= 0 && saved) {
            Libc.tcsetattr(d, Libc.TCSANOW, savedTermios);
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

    @Override
    public String describe() {
        return config.describe();
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
}
