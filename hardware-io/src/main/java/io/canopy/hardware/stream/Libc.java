package io.canopy.hardware.stream;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc calls a raw serial read needs, direct-mapped by JNA: {@code poll}/{@code read}/{@code write} on the
 * descriptor jssc opened and {@code tcgetattr}/{@code tcsetattr} for VMIN/VTIME. Linux {@code struct termios}:
 * {@code c_cc} starts at byte 17, VTIME is index 5, VMIN index 6. (The same facts as the Canopy-framed serial
 * link's own binding, which is package-private there.)
 */
final class Libc {
    static final int TERMIOS_SIZE = 64;
    static final int OFFSET_VTIME = 17 + 5;
    static final int OFFSET_VMIN = 17 + 6;
    static final int TCSANOW = 0;
    static final short POLLIN = 0x001;
    static final short POLLOUT = 0x004;
    static final short POLLERR = 0x008;
    static final short POLLHUP = 0x010;
    static final short POLLNVAL = 0x020;
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final boolean AVAILABLE;

    static {
        boolean ok;
        try {
            ok = Platform.isLinux();
            if (ok) {
                Native.register(Libc.class, Platform.C_LIBRARY_NAME);
            }
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            ok = false;
        }
        AVAILABLE = ok;
    }

    private Libc() {}

    static native int poll(Pointer fds, long nfds, int timeoutMs);

    static native long read(int fd, Pointer buf, long count);

    static native long write(int fd, Pointer buf, long count);

    static native int tcgetattr(int fd, Pointer termios);

    static native int tcsetattr(int fd, int optionalActions, Pointer termios);

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
