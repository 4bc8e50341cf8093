package io.canopy.hardware.stream;

import io.canopy.hardware.serial.Transport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;

/**
 * One UDP socket as a byte pipe, the way ground stations talk to autopilots and simulators: bound to a local
 * address, sending to a fixed remote, or (with no remote given) to whoever sent the first datagram, as a
 * ground station listening on 14550 does. Once the remote is known the channel is connected, so reads and
 * writes allocate nothing. Each datagram read is handed on as it came; each write is one datagram.
 */
public final class UdpByteTransport implements Transport {
    private final InetSocketAddress local;
    private final InetSocketAddress fixedRemote;
    private final ByteBuffer in = ByteBuffer.allocateDirect(65536);
    private final ByteBuffer out = ByteBuffer.allocateDirect(65536);
    private DatagramChannel channel;
    private Selector selector;
    private volatile boolean connected;
    private volatile int boundPort;
    private volatile String lastError = "";

    /**
     * @param local  where to listen ({@code 127.0.0.1:14550}; port 0 picks a free port, see {@link #localPort()})
     * @param remote where to send, or null to answer the first sender
     */
    public UdpByteTransport(InetSocketAddress local, InetSocketAddress remote) {
        this.local = local;
        this.fixedRemote = remote;
    }

    @Override
    public void open() throws IOException {
        close();
        DatagramChannel c = DatagramChannel.open(StandardProtocolFamily.INET);
        try {
            c.bind(local);
            c.configureBlocking(false);
            if (fixedRemote != null) {
                c.connect(fixedRemote);
                connected = true;
            }
            Selector s = Selector.open();
            c.register(s, SelectionKey.OP_READ);
            boundPort = ((InetSocketAddress) c.getLocalAddress()).getPort();
            channel = c;
            selector = s;
        } catch (IOException e) {
            c.close();
            lastError = "cannot bind udp " + local + ": " + e.getMessage();
            throw new IOException(lastError);
        }
    }

    /** The local port (the one picked when port 0 was asked for); 0 before {@link #open}. */
    public int localPort() {
        return boundPort;
    }

    @Override
    public int read(byte[] buf, int timeoutMs) {
        DatagramChannel c = channel;
        if (c == null) {
            lastError = "socket closed";
            return -1;
        }
        try {
            if (selector.select(Math.max(1, timeoutMs)) == 0) {
                return 0;
            }
            selector.selectedKeys().clear();
            in.clear();
            if (connected) {
                int n = c.read(in);
                if (n <= 0) {
                    return 0;
                }
            } else {
                SocketAddress from = c.receive(in);
                if (from == null) {
                    return 0;
                }
                c.connect(from);
                connected = true;
            }
            in.flip();
            int n = Math.min(in.remaining(), buf.length);
            in.get(buf, 0, n);
            return n;
        } catch (PortUnreachableException e) {
            return 0; // the peer is not listening (yet): a datagram link has no hang-up, heartbeats tell
        } catch (IOException e) {
            lastError = "udp read: " + e.getMessage();
            return -1;
        }
    }

    @Override
    public boolean write(byte[] buf, int len) {
        DatagramChannel c = channel;
        if (c == null) {
            lastError = "socket closed";
            return false;
        }
        if (!connected) {
            return true; // nobody to send to yet: dropped, as a datagram would be
        }
        try {
            out.clear();
            out.put(buf, 0, len).flip();
            c.write(out);
            return true;
        } catch (PortUnreachableException e) {
            return true;
        } catch (IOException e) {
            lastError = "udp write: " + e.getMessage();
            return false;
        }
    }

    @Override
    public void close() {
        try {
            if (selector != null) {
                selector.close();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // closing
        }
        selector = null;
        channel = null;
        if (fixedRemote == null) {
            connected = false;
        }
    }

    @Override
    public String lastError() {
        return lastError;
    }

    @Override
    public String describe() {
        return "udp:" + local.getHostString() + ":" + (boundPort != 0 ? boundPort : local.getPort())
                + (fixedRemote == null ? "" : "->" + fixedRemote.getHostString() + ":" + fixedRemote.getPort());
    }
}
