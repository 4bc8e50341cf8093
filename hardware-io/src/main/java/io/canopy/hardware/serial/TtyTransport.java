package io.canopy.hardware.serial;

import com.sun.jna.Memory;
import io.canopy.InputException;
import io.canopy.hardware.posix.Libc;
import java.io.IOException;

/**
 * A serial port driven through libc ({@link Libc}, JNA): {@code open} non-blocking, an exclusive {@code flock} and
 * {@code TIOCEXCL} so that no second driver (another Canopy node, a terminal program) shares the bus, raw termios for
 * the {@link SerialConfig}, and a read path that waits in {@code poll} + {@code read} with VMIN=1, VTIME=0.
 * {@link #write} waits in {@code poll(POLLOUT)} when the output buffer is full, {@link #tryWrite} returns what fit.
 *
 * <p>The reader thread sleeps in the kernel and wakes as soon as a byte arrives ({@code poll} at most 100 ms, to
 * notice {@link SerialLink#close}). A hung-up device (a pulled USB adapter, a killed socat) shows as
 * POLLHUP/POLLERR or a failing read. On close the port's original termios is restored, then the descriptor is
 * closed, which drops the lock and the exclusive mode.
 *
 * <p>A port that is held elsewhere fails to open with a {@link PortBusyException} naming the holder.
 */
public final class TtyTransport implements Transport {
    private static final int CHUNK = 4096;

    private final SerialConfig config;
    private final Memory pollFd = new Memory(8);
    private final Memory readBuf = new Memory(CHUNK);
    private final Memory writeBuf = new Memory(CHUNK);
    private final Memory tryWriteBuf = new Memory(CHUNK);
    private final Memory writePollFd = new Memory(8);
    private final Memory savedTermios = new Memory(TtyTermios.SIZE);
    private final Memory termios = new Memory(TtyTermios.SIZE);
    private volatile int fd = -1;
    private boolean saved;
    private volatile String lastError = "";

    public TtyTransport(SerialConfig config) {
        if (!Libc.AVAILABLE) {
            throw new IllegalStateException("serial port " + config.path() + ": serial links need Linux (libc through"
                    + " JNA); this platform has none");
        }
        this.config = config.validate();
    }

    @Override
    public void open() throws IOException {
        String path = config.path();
        int d = Libc.open(path, Libc.O_RDWR | Libc.O_NOCTTY | Libc.O_NONBLOCK | Libc.O_CLOEXEC, 0);
        if (d < 0) {
            int errno = Libc.errno();
            if (errno == Libc.EBUSY) {
                throw busy(path);
            }
            throw failed(openFailure(path, errno));
        }
        try {
            if (Libc.flock(d, Libc.LOCK_EX | Libc.LOCK_NB) != 0) {
                int errno = Libc.errno();
                if (errno == Libc.EAGAIN) {
                    throw busy(path);
                }
                throw new IOException("flock: " + Libc.describe(errno));
            }
            if (Libc.tcgetattr(d, savedTermios) != 0) {
                int errno = Libc.errno();
                throw new IOException(errno == Libc.ENOTTY
                        ? "not a serial port (a tty); give a device such as /dev/ttyUSB0 or a pty"
                        : "tcgetattr: " + Libc.describe(errno));
            }
            saved = true;
            if (Libc.ioctl(d, Libc.TIOCEXCL, null) != 0) {
                throw new IOException("ioctl TIOCEXCL: " + Libc.describe(Libc.errno()));
            }
            configure(d);
        } catch (IOException e) {
            if (saved) {
                Libc.tcsetattr(d, Libc.TCSANOW, savedTermios);
                saved = false;
            }
            Libc.close(d);
            throw failed(e);
        }
        fd = d;
    }

    /**
     * Opens now for a link that is starting: true when open, false when the port cannot be opened yet (absent, no
     * permission: the link's reader retries and says why); a port held elsewhere is refused with an
     * {@link InputException}, the one line that names the port and its holder.
     */
    boolean openOrRefuse() {
        try {
            open();
            return true;
        } catch (PortBusyException e) {
            throw new InputException(e.getMessage());
        } catch (IOException e) {
            return false;
        }
    }

    private void configure(int d) throws IOException {
        termios.write(0, savedTermios.getByteArray(0, TtyTermios.SIZE), 0, TtyTermios.SIZE);
        TtyTermios.apply(termios, config);
        int speed = TtyTermios.speedConstant(config.baud());
        if (!TtyTermios.speed(termios, speed < 0 ? TtyTermios.speedConstant(38400) : speed)) {
            throw new IOException("cfsetspeed: " + Libc.describe(Libc.errno()));
        }
        if (Libc.tcsetattr(d, Libc.TCSANOW, termios) != 0) {
            throw new IOException("tcsetattr: " + Libc.describe(Libc.errno()));
        }
        if (speed < 0) {
            try (Memory t2 = new Memory(TtyTermios.TERMIOS2_SIZE)) {
                if (Libc.ioctl(d, Libc.TCGETS2, t2) != 0) {
                    throw new IOException("baud " + config.baud() + " has no B constant and TCGETS2 failed: "
                            + Libc.describe(Libc.errno()) + "; use a standard rate such as 115200");
                }
                TtyTermios.customBaud(t2, config.baud());
                if (Libc.ioctl(d, Libc.TCSETS2, t2) != 0) {
                    throw new IOException("baud " + config.baud() + " refused by the driver: "
                            + Libc.describe(Libc.errno()) + "; use a standard rate such as 115200");
                }
            }
        }
    }

    private PortBusyException busy(String path) {
        PortBusyException e = new PortBusyException(PortHolder.busyMessage(path));
        lastError = e.getMessage();
        return e;
    }

    private IOException failed(String message) {
        lastError = message;
        return new IOException(message);
    }

    private IOException failed(IOException e) {
        lastError = e.getMessage();
        return e;
    }

    private static String openFailure(String path, int errno) {
        return switch (errno) {
            case Libc.ENOENT -> "no such port " + path + " (check the path: ls -l /dev/serial/by-id)";
            case Libc.EACCES -> "permission denied on " + path + " (add the user to the port's group, usually"
                    + " dialout: sudo usermod -aG dialout $USER, then log in again)";
            default -> "open " + path + ": " + Libc.describe(errno);
        };
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
            int errno = Libc.errno();
            if (errno == Libc.EINTR) {
                return 0;
            }
            lastError = "poll: " + Libc.describe(errno);
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
                int errno = Libc.errno();
                if (errno == Libc.EAGAIN || errno == Libc.EINTR) {
                    return 0;
                }
                lastError = "read: " + Libc.describe(errno);
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
                int errno = Libc.errno();
                if (errno == Libc.EINTR || errno == Libc.EAGAIN) {
                    waitWritable(d);
                    continue;
                }
                lastError = "write: " + Libc.describe(errno);
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
        long w = Libc.write(d, tryWriteBuf, n);
        if (w < 0) {
            int errno = Libc.errno();
            if (errno == Libc.EAGAIN || errno == Libc.EINTR) {
                return 0;
            }
            lastError = "write: " + Libc.describe(errno);
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
        writePollFd.setShort(4, Libc.POLLOUT);
        writePollFd.setShort(6, (short) 0);
        Libc.poll(writePollFd, 1, 100);
    }

    @Override
    public void close() {
        int d = fd;
        fd = -1;
        if (d < 0) {
            return;
        }
        if (saved) {
            Libc.tcsetattr(d, Libc.TCSANOW, savedTermios);
            saved = false;
        }
        Libc.close(d); // also drops the flock and TIOCEXCL
    }

    @Override
    public String lastError() {
        return lastError;
    }
}
