package io.canopy.launch.foxglove;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A test's Foxglove client on the JDK's WebSocket (an independent implementation of the client side): offers the
 * {@code foxglove.websocket.v1} subprotocol, keeps text messages as JSON and binary ones as (subscription, log time,
 * payload). {@code stalled} reads nothing after the handshake: the server's data piles up in the socket.
 */
final class FoxgloveWsClient implements WebSocket.Listener, AutoCloseable {
    record Data(int subscription, long logTimeNs, byte[] payload) {}

    final BlockingQueue<JsonObject> texts = new LinkedBlockingQueue<>();
    final BlockingQueue<Data> data = new LinkedBlockingQueue<>();
    private final boolean stalled;
    private final StringBuilder text = new StringBuilder();
    private ByteBuffer binary = ByteBuffer.allocate(1 << 16);
    final WebSocket socket;
    volatile String subprotocol;

    FoxgloveWsClient(int port, boolean stalled) {
        this.stalled = stalled;
        this.socket = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(FoxgloveServer.SUBPROTOCOL)
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/"), this).join();
        this.subprotocol = socket.getSubprotocol();
    }

    @Override
    public void onOpen(WebSocket ws) {
        if (!stalled) {
            ws.request(1);
        }
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence part, boolean last) {
        text.append(part);
        if (last) {
            texts.add(JsonParser.parseString(text.toString()).getAsJsonObject());
            text.setLength(0);
        }
        ws.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer part, boolean last) {
        if (binary.remaining() < part.remaining()) {
            ByteBuffer bigger = ByteBuffer.allocate((binary.position() + part.remaining()) * 2);
            binary.flip();
            bigger.put(binary);
            binary = bigger;
        }
        binary.put(part);
        if (last) {
            binary.flip().order(ByteOrder.LITTLE_ENDIAN);
            if (binary.get() != 1) {
                throw new AssertionError("binary opcode is not messageData (1)");
            }
            int sub = binary.getInt();
            long t = binary.getLong();
            byte[] payload = new byte[binary.remaining()];
            binary.get(payload);
            data.add(new Data(sub, t, payload));
            binary.clear();
        }
        ws.request(1);
        return null;
    }

    void send(String json) {
        socket.sendText(json, true).join();
    }

    /** The next text message with {@code op}, skipping others; fails after 20 s. */
    JsonObject next(String op) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            JsonObject o = texts.poll(100, TimeUnit.MILLISECONDS);
            if (o != null && o.get("op").getAsString().equals(op)) {
                return o;
            }
        }
        throw new AssertionError("no \"" + op + "\" message within 20 s");
    }

    /** The message type of an advertised channel, built from its base64 FileDescriptorSet as any client would. */
    static Descriptor type(JsonObject channel) throws Exception {
        FileDescriptorSet set = FileDescriptorSet.parseFrom(Base64.getDecoder().decode(channel.get("schema").getAsString()));
        Map<String, FileDescriptor> built = new HashMap<>();
        FileDescriptor last = null;
        for (FileDescriptorProto f : set.getFileList()) {
            FileDescriptor[] deps = f.getDependencyList().stream().map(built::get).toArray(FileDescriptor[]::new);
            last = FileDescriptor.buildFrom(f, deps);
            built.put(f.getName(), last);
        }
        String name = channel.get("schemaName").getAsString();
        for (FileDescriptor f : built.values()) {
            for (Descriptor d : f.getMessageTypes()) {
                if (d.getFullName().equals(name)) {
                    return d;
                }
            }
        }
        throw new AssertionError("schema " + name + " not in its FileDescriptorSet (last file " + last.getName() + ")");
    }

    static DynamicMessage decode(Descriptor type, Data d) throws Exception {
        return DynamicMessage.parseFrom(type, d.payload());
    }

    @Override
    public void close() {
        socket.abort();
    }
}
