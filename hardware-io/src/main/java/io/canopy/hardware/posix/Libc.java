package io.canopy.hardware.posix;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc calls Canopy makes, direct-mapped by JNA (no argument arrays, no boxing per call), registered once for
 * the whole process: the serial ports' {@code open}/{@code flock}/{@code ioctl}/termios/{@code poll}/{@code read}/
 * {@code write}/{@code close}, and the service notifier's Unix datagram socket. The constants are Linux's generic
 * ABI values, which x86_64, aarch64, armhf, i386 and riscv64 share (glibc and musl alike).
 */
public final class Libc {
    public static final int O_RDWR = 02;
    public static final int O_NOCTTY = 0400;
    public static final int O_NONBLOCK = 04000;
    public static final int O_CLOEXEC = 02000000;
    public static final int F_GETFL = 3;
    public static final int F_SETFL = 4;
    public static final int LOCK_EX = 2;
    public static final int LOCK_NB = 4;
    public static final int TCSANOW = 0;
    public static final int TCIOFLUSH = 2;
    /** ioctl: refuse further opens of this tty (by processes without CAP_SYS_ADMIN) until it is closed. */
    public static final long TIOCEXCL = 0x540C;
    /** ioctl: read and write {@code struct termios2}, for a baud rate that has no B constant. */
    public static final long TCGETS2 = 0x802C542AL;
    public static final long TCSETS2 = 0x402C542BL;
    public static final short POLLIN = 0x001;
    public static final short POLLOUT = 0x004;
    public static final short POLLERR = 0x008;
    public static final short POLLHUP = 0x010;
    public static final short POLLNVAL = 0x020;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EAGAIN = 11;
    public static final int EACCES = 13;
    public static final int EBUSY = 16;
    public static final int ENOTTY = 25;
    public static final int AF_UNIX = 1;
    public static final int SOCK_DGRAM = 2;
    public static final int SOCK_CLOEXEC = 02000000;
    public static final int MSG_DONTWAIT = 0x40;
    public static final int MSG_NOSIGNAL = 0x4000;

    /** Whether the calls are bound (Linux with JNA's native library for this platform). */
    public static final boolean AVAILABLE;

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

    /** The errno of the last failed call on this thread. */
    public static int errno() {
        return Native.getLastError();
    }

    /** For messages: {@code "Device or resource busy (errno 16)"}. */
    public static String describe(int errno) {
        String text;
        try {
            text = strerror(errno);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            text = null;
        }
        return (text == null || text.isEmpty() ? "error" : text) + " (errno " + errno + ")";
    }

    public static native int open(String path, int flags, int mode);

    public static native int close(int fd);

    public static native long read(int fd, Pointer buf, long count);

    public static native long write(int fd, Pointer buf, long count);

    public static native int poll(Pointer fds, long nfds, int timeoutMs);

    /** {@code fcntl(fd, cmd, arg)} with an int argument (F_GETFL, F_SETFL). */
    public static native int fcntl(int fd, int cmd, int arg);

    /** {@code ioctl(fd, request, arg)} with a pointer argument (null for requests that take none). */
    public static native int ioctl(int fd, long request, Pointer arg);

    public static native int flock(int fd, int operation);

    public static native int tcgetattr(int fd, Pointer termios);

    public static native int tcsetattr(int fd, int optionalActions, Pointer termios);

    public static native int tcflush(int fd, int queueSelector);

    public static native int cfsetispeed(Pointer termios, int speed);

    public static native int cfsetospeed(Pointer termios, int speed);

    public static native String strerror(int errno);

    public static native int socket(int domain, int type, int protocol);

    public static native long sendto(int fd, byte[] buf, long len, int flags, byte[] addr, int addrLen);

    public static native int bind(int fd, byte[] addr, int addrLen);

    public static native long recv(int fd, byte[] buf, long len, int flags);
}
