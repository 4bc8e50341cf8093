package io.canopy.bt.groot;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * An independent Groot2 client, written from BehaviorTree.CPP's groot2_protocol.h (not from the server's
 * classes): a REQ socket, requests of {protocol u8 = 2, type u8, unique id u32 LE}, multipart replies.
 */
final class Groot2TestClient implements AutoCloseable {
    private final ZContext ctx = new ZContext();
    private ZMQ.Socket req;
    private final int port;
    private int nextId = 0x01020304;

    Groot2TestClient(int port) {
        this.port = port;
        open();
    }

    private void open() {
        req = ctx.createSocket(SocketType.REQ);
        req.setReceiveTimeOut(5000);
        req.setLinger(0);
        req.connect("tcp://127.0.0.1:" + port);
    }

    static byte[] header(int protocol, char type, int uniqueId) {
        return ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put((byte) protocol).put((byte) type)
                .putInt(uniqueId).array();
    }

    /** Sends the frames and returns the reply's frames (fails the test on a timeout). */
    List<byte[]> exchange(byte[]... frames) {
        // the "lazy pirate" of ZeroMQ clients (Groot2 does the same): a REQ socket whose request got no answer is
        // closed and the request sent again on a new one, once
        for (int attempt = 0; attempt < 2; attempt++) {
            for (int i = 0; i < frames.length; i++) {
                req.send(frames[i], i < frames.length - 1 ? ZMQ.SNDMORE : 0);
            }
            List<byte[]> reply = new ArrayList<>();
            byte[] part = req.recv();
            if (part == null) {
                ctx.destroySocket(req);
                open();
                continue;
            }
            reply.add(part);
            while (req.hasReceiveMore()) {
                reply.add(req.recv());
            }
            return reply;
        }
        throw new AssertionError("no reply within 5 s, twice");
    }

    List<byte[]> request(char type, byte[]... payload) {
        byte[][] frames = new byte[payload.length + 1][];
        frames[0] = header(2, type, nextId++);
        System.arraycopy(payload, 0, frames, 1, payload.length);
        return exchange(frames);
    }

    int lastId() {
        return nextId - 1;
    }

    @Override
    public void close() {
        ctx.close();
    }
}
