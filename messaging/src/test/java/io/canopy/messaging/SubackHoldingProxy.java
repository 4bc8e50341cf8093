package io.canopy.messaging;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;

/**
 * A TCP proxy in front of a real broker that holds back the broker's first SUBACK (and everything after it, to
 * keep the order) until {@link #release()}: a broker that is slow to acknowledge a subscription. One client.
 */
final class SubackHoldingProxy implements AutoCloseable {
    private final ServerSocket server;
    private final int brokerPort;
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean subackSeen;

    SubackHoldingProxy(int brokerPort) throws IOException {
        this.brokerPort = brokerPort;
        this.server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "suback-proxy");
        t.setDaemon(true);
        t.start();
    }

    String url() {
        return "tcp://127.0.0.1:" + server.getLocalPort();
    }

    /** Whether the broker has sent a SUBACK (held or not). */
    boolean subackSeen() {
        return subackSeen;
    }

    void release() {
        released.countDown();
    }

    private void accept() {
        try (Socket client = server.accept(); Socket broker = new Socket(InetAddress.getLoopbackAddress(), brokerPort)) {
            Thread up = new Thread(() -> copy(client, broker), "suback-proxy-up");
            up.setDaemon(true);
            up.start();
            down(broker.getInputStream(), client.getOutputStream());
        } catch (IOException | InterruptedException e) {
            // the test is over
        }
    }

    private static void copy(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (IOException e) {
            // closed
        }
    }

    /** Broker to client, packet by packet: from the first SUBACK on, waits for {@link #release()}. */
    private void down(InputStream in, OutputStream out) throws IOException, InterruptedException {
        DataInputStream data = new DataInputStream(in);
        while (true) {
            int type = data.read();
            if (type < 0) {
                return;
            }
            ByteArrayOutputStream packet = new ByteArrayOutputStream();
            packet.write(type);
            int length = 0;
            int shift = 0;
            int b;
            do {
                b = data.readUnsignedByte();
                packet.write(b);
                length |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            byte[] body = new byte[length];
            data.readFully(body);
            packet.write(body);
            if ((type & 0xF0) == 0x90) {
                subackSeen = true;
            }
            if (subackSeen) {
                released.await();
            }
            out.write(packet.toByteArray());
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        released.countDown();
        server.close();
    }
}
