package io.canopy.hardware.serial;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The few libc calls the read path needs, direct-mapped by JNA (no argument arrays, no boxing per call):
 * {@code poll}, {@code read} and {@code write} on the descriptor jssc opened, {@code fcntl} to make it non-blocking, and {@code tcgetattr}/{@code tcsetattr} to
 * set VMIN/VTIME, which jssc does not expose. Linux layout of {@code struct termios} (60 bytes):
 * {@code c_cc} starts at byte 17; {@code VTIME} is index 5, {@code VMIN} index 6.
 */
final class Posix {
    static final int TERMIOS_SIZE = 64;
    static final int OFFSET_VTIME = 17 + 5;
    static final int OFFSET_VMIN = 17 + 6;
    static final int TCSANOW = 0;
    static final short POLLIN = 0x001;
    static final short POLLERR = 0x008;
    static final short POLLHUP = 0x010;
    static final short POLLNVAL = 0x020;
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final short POLLOUT = 0x004;
    static final int F_GETFL = 3;
    static final int F_SETFL = 4;
    /** Linux x86-64 and aarch64. */
    static final int O_NONBLOCK = 0x800;

    static final boolean AVAILABLE;

    static {
        boolean ok;
        try {
            ok = Platform.isLinux();
            if (ok) {
                Native.register(Posix.class, Platform.C_LIBRARY_NAME);
            }
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            ok = false;
        }
        AVAILABLE = ok;
    }

    private Posix() {}

    static native int poll(Pointer fds, long nfds, int timeoutMs);

    static native long read(int fd, Pointer buf, long count);

    static native long write(int fd, Pointer buf, long count);

    static native int tcgetattr(int fd, Pointer termios);

    static native int tcsetattr(int fd, int optionalActions, Pointer termios);

    static native int tcdrain(int fd);

    /** {@code fcntl(fd, cmd, arg)} with an int argument (F_GETFL, F_SETFL). */
    static native int fcntl(int fd, int cmd, int arg);

    static String strerror(int errno) {
        switch (errno) {
            case 5:
                return "Input/output error (EIO)";
            case 9:
                return "Bad file descriptor (EBADF)";
            case 19:
                return "No such device (ENODEV)";
            default:
                return "errno " + errno;
        }
    }
}
