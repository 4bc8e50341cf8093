package io.canopy.testkit;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A ZeroMQ REQ client over a plain TCP socket, written from the ZMTP 3.0 specification (rfc.zeromq.org/spec/23)
 * and not from any ZeroMQ library: greeting, NULL mechanism READY command, then frames. It stands for a
 * libzmq client such as Groot2's, to test the server without JeroMQ on both ends.
 */
public final class ZmtpReqClient implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    public ZmtpReqClient(int port, int timeoutMs) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), timeoutMs);
        socket.setSoTimeout(timeoutMs);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
        byte[] greeting = new byte[64];
        greeting[0] = (byte) 0xFF;       // signature: FF, 8 bytes of padding (the last 1), 7F
        greeting[8] = 1;
        greeting[9] = 0x7F;
        greeting[10] = 3;                // version 3.0
        greeting[11] = 0;
        byte[] mech = "NULL".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(mech, 0, greeting, 12, mech.length); // mechanism, 20 bytes zero-padded
        greeting[32] = 0;                // as-server: no; then 31 bytes of filler
        out.write(greeting);
        out.write(command("READY", "Socket-Type", "REQ"));
        out.flush();
        byte[] peer = new byte[64];
        in.readFully(peer);
        if ((peer[0] & 0xFF) != 0xFF || peer[9] != 0x7F || peer[10] < 3) {
            throw new IOException("not a ZMTP 3 peer");
        }
        Frame ready = readFrame();
        if (!ready.command || !new String(ready.body, 1, ready.body[0], StandardCharsets.US_ASCII).equals("READY")) {
            throw new IOException("expected READY");
        }
    }

    private static byte[] command(String name, String property, String value) {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        byte[] p = property.getBytes(StandardCharsets.US_ASCII);
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        int size = 1 + n.length + 1 + p.length + 4 + v.length;
        byte[] c = new byte[2 + size];
        int i = 0;
        c[i++] = 0x04;                   // command, short
        c[i++] = (byte) size;
        c[i++] = (byte) n.length;
        System.arraycopy(n, 0, c, i, n.length);
        i += n.length;
        c[i++] = (byte) p.length;
        System.arraycopy(p, 0, c, i, p.length);
        i += p.length;
        c[i++] = 0;
        c[i++] = 0;
        c[i++] = 0;
        c[i++] = (byte) v.length;
        System.arraycopy(v, 0, c, i, v.length);
        return c;
    }

    private record Frame(boolean command, boolean more, byte[] body) {}

    private Frame readFrame() throws IOException {
        int flags = in.readUnsignedByte();
        long size = (flags & 0x02) != 0 ? in.readLong() : in.readUnsignedByte();
        byte[] body = new byte[(int) size];
        in.readFully(body);
        return new Frame((flags & 0x04) != 0, (flags & 0x01) != 0, body);
    }

    private void writeFrame(byte[] body, boolean more) throws IOException {
        if (body.length > 255) {
            out.write(0x02 | (more ? 1 : 0));
            for (int s = 56; s >= 0; s -= 8) {
                out.write((int) ((long) body.length >>> s) & 0xFF);
            }
        } else {
            out.write(more ? 1 : 0);
            out.write(body.length);
        }
        out.write(body);
    }

    /** Sends one request (REQ adds the empty delimiter frame) and returns the reply's frames. */
    public List<byte[]> exchange(byte[]... frames) throws IOException {
        writeFrame(new byte[0], true);
        for (int i = 0; i < frames.length; i++) {
            writeFrame(frames[i], i < frames.length - 1);
        }
        out.flush();
        Frame delimiter = readFrame();
        if (delimiter.body.length != 0 || !delimiter.more) {
            throw new IOException("reply without the empty delimiter frame");
        }
        List<byte[]> reply = new ArrayList<>();
        Frame f;
        do {
            f = readFrame();
            reply.add(f.body);
        } while (f.more);
        return reply;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
