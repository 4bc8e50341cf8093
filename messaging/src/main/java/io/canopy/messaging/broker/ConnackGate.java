package io.canopy.messaging.broker;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the packets a client sends after its CONNECT until the embedded broker has that connection connected.
 * MQTT 3.1.1 (3.1.4) lets a client send packets before its CONNACK arrives, and a client that subscribes as soon as
 * its CONNACK is in can beat the broker too: Moquette 0.17 marks a connection connected only in a listener of the
 * CONNACK's write, queued on the connection's event loop, while it checks each SUBSCRIBE as it is read, and drops the
 * client when the mark is not there yet ("SUBSCRIBE received on already closed connection"). Held packets go on to
 * Moquette in their order once it has the connection connected, or when the connection closed (they are released)
 * or {@value #GIVE_UP_S} s passed (they go on, and Moquette decides). Runs on the connection's event loop only,
 * inside {@link BrokerRateLimit}'s pipeline slot. Upstream: no issue found in Moquette's tracker for this race (its
 * symptom is the log line "SUBSCRIBE received on already closed connection"); delete with a Moquette that marks the
 * connection connected before it writes the CONNACK. {@code PipelinedConnectTest} is the check.
 */
final class ConnackGate {
    private static final Logger LOG = LoggerFactory.getLogger(ConnackGate.class);
    static final int GIVE_UP_S = 10;
    private static final long RECHECK_US = 100;
    /** Moquette's own key for its connection object on the channel (NewNettyMQTTHandler's "connection"). */
    private static final AttributeKey<Object> MOQUETTE_CONNECTION = AttributeKey.valueOf("connection");
    private static final AttributeKey<Held> HELD = AttributeKey.valueOf("canopy.connackGate");
    private static final Field CONNECTED = connectedField();

    private ConnackGate() {}

    /** The packets of one connection waiting for it to be connected, oldest first. */
    private static final class Held {
        final ArrayDeque<Object> packets = new ArrayDeque<>();
        final long sinceNs;
        boolean checkScheduled;

        Held(long sinceNs) {
            this.sinceNs = sinceNs;
        }
    }

    private static Field connectedField() {
        try {
            Field f = Class.forName("io.moquette.broker.MQTTConnection").getDeclaredField("connected");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("embedded MQTT broker: packets sent before the CONNACK are not held ({})", e.toString());
            return null;
        }
    }

    /** The connection has sent its CONNECT (about to go on to Moquette): hold what follows until it is connected. */
    static void connecting(ChannelHandlerContext ctx) {
        if (CONNECTED != null) {
            ctx.channel().attr(HELD).set(new Held(System.nanoTime()));
        }
    }

    /** Passes {@code msg} on to Moquette, or holds it while the connection's CONNECT is not acknowledged yet. */
    static void read(ChannelHandlerContext ctx, Object msg) {
        Held held = ctx.channel().attr(HELD).get();
        if (held == null) {
            ctx.fireChannelRead(msg);
            return;
        }
        held.packets.add(msg);
        if (!held.checkScheduled) { // else the scheduled check passes it on with the others, in order
            check(ctx, held);
        }
    }

    /** The connection closed: what it still had held is released. */
    static void closed(ChannelHandlerContext ctx) {
        Held held = ctx.channel().attr(HELD).getAndSet(null);
        if (held != null) {
            held.packets.forEach(ReferenceCountUtil::release);
            held.packets.clear();
        }
    }

    private static void check(ChannelHandlerContext ctx, Held held) {
        if (ctx.channel().attr(HELD).get() != held) {
            return; // released already
        }
        if (!ctx.channel().isActive()) {
            closed(ctx);
            return;
        }
        boolean late = System.nanoTime() - held.sinceNs > TimeUnit.SECONDS.toNanos(GIVE_UP_S);
        if (!connected(ctx) && !late) {
            if (!held.packets.isEmpty()) {
                held.checkScheduled = true;
                ctx.executor().schedule(() -> {
                    held.checkScheduled = false;
                    check(ctx, held);
                }, RECHECK_US, TimeUnit.MICROSECONDS);
            }
            return;
        }
        if (late) {
            LOG.debug("embedded MQTT broker: {} packet(s) held {} s without a CONNACK go on", held.packets.size(), GIVE_UP_S);
        }
        ctx.channel().attr(HELD).set(null);
        boolean any = !held.packets.isEmpty();
        for (Object m; (m = held.packets.poll()) != null; ) {
            ctx.fireChannelRead(m);
        }
        if (any) {
            ctx.fireChannelReadComplete(); // Moquette sends what the packets produced when a read completes
        }
    }

    private static boolean connected(ChannelHandlerContext ctx) {
        Object connection = ctx.channel().attr(MOQUETTE_CONNECTION).get();
        try {
            return connection != null && CONNECTED.getBoolean(connection);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            return true; // not Moquette's connection after all: let everything through
        }
    }
}
