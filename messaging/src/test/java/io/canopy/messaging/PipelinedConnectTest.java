package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.messaging.broker.EmbeddedBroker;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MQTT 3.1.1 (section 3.1.4) lets a client send packets right after its CONNECT, without waiting for the CONNACK.
 * Moquette 0.17 drops such a client ("SUBSCRIBE received on already closed connection"): it marks a connection
 * connected only once its CONNACK is written, and a SUBSCRIBE read before that is refused. Paho clients that
 * subscribe as soon as they are connected hit the same window now and then. The embedded broker holds a
 * connection's packets until Moquette has it connected. The client here is written from the specification: its
 * CONNECT, SUBSCRIBE and PUBLISH go out in one TCP write.
 */
class PipelinedConnectTest {

    private static byte[] string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[b.length + 2];
        out[0] = (byte) (b.length >> 8);
        out[1] = (byte) b.length;
        System.arraycopy(b, 0, out, 2, b.length);
        return out;
    }

    private static void packet(ByteArrayOutputStream out, int header, byte[]... parts) {
        int length = 0;
        for (byte[] p : parts) {
            length += p.length;
        }
        out.write(header);
        do { // the remaining length, 7 bits a byte
            int digit = length % 128;
            length /= 128;
            out.write(length > 0 ? digit | 0x80 : digit);
        } while (length > 0);
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
    }

    /** One packet read back: its type (upper four bits of the first byte) and its body. */
    private record Packet(int type, byte[] body) {}

    private static Packet read(DataInputStream in) throws IOException {
        int header = in.readUnsignedByte();
        int length = 0;
        for (int shift = 0, b; ; shift += 7) {
            b = in.readUnsignedByte();
            length |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        byte[] body = in.readNBytes(length);
        return new Packet(header >> 4, body);
    }

    @Test
    void connectSubscribeAndPublishInOneWriteAreAllServed() throws Exception {
        for (int round = 0; round < 20; round++) {
            try (EmbeddedBroker broker = EmbeddedBroker.start(0)) {
                URI uri = URI.create(broker.url());
                try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
                    s.setSoTimeout(10_000);
                    ByteArrayOutputStream b = new ByteArrayOutputStream();
                    packet(b, 0x10, string("MQTT"), new byte[] {4, 0x02, 0, 60}, string("pipelined-" + round));
                    packet(b, 0x82, new byte[] {0, 1}, string("t/pipe"), new byte[] {1});
                    packet(b, 0x30, string("t/pipe"), "hello".getBytes(StandardCharsets.UTF_8));
                    OutputStream out = s.getOutputStream();
                    out.write(b.toByteArray()); // one write: the broker reads all three at once
                    out.flush();
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    List<Integer> types = new ArrayList<>();
                    Packet connack = read(in);
                    assertThat(connack.type()).as("CONNACK first").isEqualTo(2);
                    assertThat(connack.body()).containsExactly(0, 0);
                    String got = null;
                    while (got == null) {
                        Packet p = read(in); // an EOF here is the drop this test is about
                        types.add(p.type());
                        if (p.type() == 9) {
                            assertThat(p.body()).as("SUBACK of packet 1, QoS 1 granted").containsExactly(0, 1, 1);
                        } else if (p.type() == 3) {
                            int topicLength = ((p.body()[0] & 0xff) << 8) | (p.body()[1] & 0xff);
                            got = new String(p.body(), 2 + topicLength, p.body().length - 2 - topicLength, StandardCharsets.UTF_8);
                        }
                    }
                    assertThat(types).as("round " + round + ": SUBACK, then the message").containsExactly(9, 3);
                    assertThat(got).isEqualTo("hello");
                }
            }
        }
    }
}
