package io.canopy.launch.service;

import io.canopy.hardware.posix.Libc;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One datagram socket to systemd's {@code $NOTIFY_SOCKET}: {@code socket(AF_UNIX, SOCK_DGRAM)} and {@code sendto}
 * through JNA ({@link Libc}; Java 17 has no Unix datagram channel). A path starting with {@code @} is an abstract socket (its
 * first byte becomes NUL). Thread-safe: a datagram is one {@code sendto}. Also binds a receiving socket, for the
 * tests that play systemd's part.
 */
public final class SdNotify implements AutoCloseable {
    /** sizeof(struct sockaddr_un) on Linux: a 2-byte family and 108 bytes of path. */
    static final int SOCKADDR_UN_SIZE = 110;

    private final String path;
    private final byte[] addr;
    private final int addrLen;
    private final int fd;
    private volatile boolean closed;

    private SdNotify(String path, int fd) {
        this.path = path;
        this.fd = fd;
        byte[] name = path.getBytes(StandardCharsets.UTF_8);
        boolean abstractName = path.startsWith("@");
        if (name.length > SOCKADDR_UN_SIZE - 3) {
            throw new IllegalArgumentException("socket path longer than 107 bytes: " + path);
        }
        ByteBuffer b = ByteBuffer.allocate(SOCKADDR_UN_SIZE).order(ByteOrder.nativeOrder());
        b.putShort((short) Libc.AF_UNIX);
        b.put(name);
        if (abstractName) {
            b.put(2, (byte) 0); // "@name" -> "\0name", length without a trailing NUL
            addrLen = 2 + name.length;
        } else {
            addrLen = 2 + name.length + 1;
        }
        this.addr = b.array();
    }

    /** A socket that sends to {@code path}; throws IllegalStateException when the socket cannot be made. */
    public static SdNotify to(String path) {
        if (path == null || path.isEmpty() || !(path.startsWith("/") || path.startsWith("@"))) {
            throw new IllegalArgumentException("NOTIFY_SOCKET must be an absolute path or start with @: '" + path + "'");
        }
        if (!Libc.AVAILABLE) {
            throw new IllegalStateException("no libc through JNA on this platform: cannot notify " + path);
        }
        int fd = Libc.socket(Libc.AF_UNIX, Libc.SOCK_DGRAM | Libc.SOCK_CLOEXEC, 0);
        if (fd < 0) {
            throw new IllegalStateException("socket(AF_UNIX, SOCK_DGRAM) failed: " + Libc.describe(Libc.errno()));
        }
        return new SdNotify(path, fd);
    }

    /** A socket bound to {@code path} that receives datagrams (the tests' stand-in for systemd). */
    public static SdNotify bound(String path) {
        SdNotify s = to(path);
        if (Libc.bind(s.fd, s.addr, s.addrLen) != 0) {
            String errno = Libc.describe(Libc.errno());
            s.close();
            throw new IllegalStateException("bind(" + path + ") failed: " + errno);
        }
        return s;
    }

    public String path() {
        return path;
    }

    /** Sends {@code message} (e.g. {@code READY=1\nSTATUS=...}); returns whether it went. */
    public boolean send(String message) {
        return send(message.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends these bytes as one datagram; returns whether it went. */
    public boolean send(byte[] message) {
        if (closed) {
            return false;
        }
        return Libc.sendto(fd, message, message.length, Libc.MSG_NOSIGNAL, addr, addrLen) == message.length;
    }

    /** A bound socket: the next datagram if one is waiting, else null (never blocks). */
    public String poll() {
        byte[] buf = new byte[4096];
        long n = Libc.recv(fd, buf, buf.length, Libc.MSG_DONTWAIT);
        return n < 0 ? null : new String(buf, 0, (int) n, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Libc.close(fd);
        }
    }
}
