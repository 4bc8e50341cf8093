package io.canopy.bt.groot;

import io.canopy.testkit.ZmtpReqClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * An independent Groot2 client, written from BehaviorTree.CPP's groot2_protocol.h (not from the server's
 * classes): requests of {protocol u8 = 2, type u8, unique id u32 LE}, multipart replies. It speaks ZMTP itself
 * ({@link ZmtpReqClient}), as Groot2's libzmq does, rather than through JeroMQ: a JeroMQ REQ socket sometimes
 * never finishes its handshake on a loaded host (the "lost first request"; see docs/observability.md).
 */
final class Groot2TestClient implements AutoCloseable {
    private final ZmtpReqClient zmtp;
    private int nextId = 0x01020304;

    Groot2TestClient(int port) {
        try {
            zmtp = new ZmtpReqClient(port, 5000);
        } catch (IOException e) {
            throw new UncheckedIOException("no Groot2 server on port " + port, e);
        }
    }

    static byte[] header(int protocol, char type, int uniqueId) {
        return ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put((byte) protocol).put((byte) type)
                .putInt(uniqueId).array();
    }

    /** Sends the frames and returns the reply's frames (fails the test on a 5 s timeout). */
    List<byte[]> exchange(byte[]... frames) {
        try {
            return zmtp.exchange(frames);
        } catch (IOException e) {
            throw new AssertionError("no reply within 5 s: " + e, e);
        }
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
        try {
            zmtp.close();
        } catch (IOException e) {
            // closing a test connection
        }
    }
}
