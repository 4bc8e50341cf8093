package io.canopy.messaging.broker;

import io.canopy.OnceLog;
import io.moquette.broker.Server;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageType;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded broker's guard against a hostile or runaway client, in every client connection's Netty pipeline
 * just after the MQTT decoder and before Moquette's handler, so that what it drops never reaches Moquette's
 * session queues:
 * <ul>
 *   <li>a per-client token bucket at {@link BrokerLimits#clientRate()} publishes/s sheds telemetry first: above it
 *       QoS 0 publishes are dropped; QoS 1/2 publishes (commands, events) only above
 *       {@link BrokerLimits#COMMAND_FACTOR} times it, and then without an acknowledgement, so the sender's client
 *       resends them when it reconnects. Every drop is counted per client and reported as one WARN line per client
 *       per {@value #REPORT_EVERY_S} s (client id, dropped counts, measured rate, limit). Clients of this process
 *       ({@link OwnClients}: the node's own) are exempt;</li>
 *   <li>a message over {@link BrokerLimits#maxMessageBytes()} (and any packet the MQTT decoder cannot read) costs one
 *       WARN line per client, without a stack trace, and the client is disconnected (Moquette itself logs ERROR
 *       with a 40-line trace each time).</li>
 * </ul>
 * It also holds what a client sends right after its CONNECT until Moquette has the connection connected
 * ({@link ConnackGate}). Moquette 0.17 has no hook before its session queues; the handler takes the pipeline slot
 * Moquette keeps for its optional Dropwizard metrics handler (off here), set by {@link #install}.
 */
@ChannelHandler.Sharable
public final class BrokerRateLimit extends ChannelInboundHandlerAdapter {
    static final int REPORT_EVERY_S = 10;
    private static final long REPORT_EVERY_NS = TimeUnit.SECONDS.toNanos(REPORT_EVERY_S);
    private static final Logger LOG = LoggerFactory.getLogger(BrokerRateLimit.class);
    private static final AttributeKey<Client> CLIENT = AttributeKey.valueOf("canopy.rateLimit");

    private final BrokerLimits limits;
    private final Map<String, Client> clients = new ConcurrentHashMap<>();
    private final OnceLog badPackets = new OnceLog(LOG);
    private final AtomicLong droppedTelemetry = new AtomicLong();
    private final AtomicLong droppedCommands = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    /** Moquette's session command queue (null: unknown); a publish that would not fit it is shed here, counted. */
    private volatile BlockingQueue<?> sessionQueue;

    BrokerRateLimit(BrokerLimits limits) {
        this.limits = limits;
    }

    /**
     * Commands that must fit in Moquette's session queue beside a publish for it to be admitted: room for the
     * other clients' commands and the session loop's own, so Moquette never refuses one of ours.
     */
    static final int QUEUE_HEADROOM = 64;

    /**
     * Moquette 0.17 drops a publish whose command does not fit its session queue ("Session command queue is full",
     * at DEBUG) and never acknowledges it: a QoS 1 sender waits for a PUBACK that never comes, and nobody counts the
     * loss (upstream: moquette-io/moquette#871; the design note of #631 says so). With the queue known, such a
     * publish is shed here instead, counted and reported like any other. {@code BrokerRateLimitTest}'s exact count
     * (shed = published - acknowledged) is the check.
     */
    void watch(BlockingQueue<?> queue) {
        this.sessionQueue = queue;
    }

    private boolean sessionQueueFull() {
        BlockingQueue<?> q = sessionQueue;
        return q != null && q.remainingCapacity() < QUEUE_HEADROOM;
    }

    /**
     * Puts a new limiter into every connection {@code server} accepts from now on; null (and one WARN line) when
     * this Moquette has no such slot, in which case only Moquette's own size limit applies.
     */
    static BrokerRateLimit install(Server server, BrokerLimits limits) {
        BrokerRateLimit limiter = new BrokerRateLimit(limits);
        try {
            Object acceptor = SessionLoopRevival.field(server, "acceptor");
            Field slot = acceptor.getClass().getDeclaredField("metrics");
            slot.setAccessible(true);
            if (slot.get(acceptor) instanceof Optional<?> o && o.isPresent()) {
                throw new IllegalStateException("the metrics slot is taken");
            }
            slot.set(acceptor, Optional.of(limiter));
            limiter.watch(BrokerSizing.sessionQueue(server));
            VarHandle.fullFence(); // the Netty threads that build new pipelines read the field
            return limiter;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("embedded MQTT broker: per-client rate limits are off ({}); this Moquette is not the 0.17 the build expects",
                    e.toString());
            return null;
        }
    }

    public BrokerLimits limits() {
        return limits;
    }

    /** QoS 0 publishes dropped so far, all clients. */
    public long droppedTelemetry() {
        return droppedTelemetry.get();
    }

    /** QoS 1/2 publishes dropped so far, all clients. */
    public long droppedCommands() {
        return droppedCommands.get();
    }

    /** Connections closed for an oversize or unreadable packet so far. */
    public long refused() {
        return refused.get();
    }

    /** QoS 0 publishes dropped from a connected client (0 when it is not connected). */
    public long droppedTelemetry(String clientId) {
        Client c = clients.get(clientId);
        return c == null ? 0 : c.totalTelemetry();
    }

    /** QoS 1/2 publishes dropped from a connected client (0 when it is not connected). */
    public long droppedCommands(String clientId) {
        Client c = clients.get(clientId);
        return c == null ? 0 : c.totalCommands();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof MqttMessage m && m.fixedHeader() != null) {
            MqttMessageType type = m.fixedHeader().messageType();
            if (type == MqttMessageType.PUBLISH) {
                Client c = ctx.channel().attr(CLIENT).get();
                if (c != null && !c.admit(m.fixedHeader().qosLevel().value(), System.nanoTime())) {
                    ReferenceCountUtil.release(msg);
                    return;
                }
            } else if (type == MqttMessageType.CONNECT && m instanceof MqttConnectMessage connect) {
                connected(ctx, connect.payload().clientIdentifier());
                ConnackGate.connecting(ctx);
                ctx.fireChannelRead(msg);
                return;
            }
        }
        ConnackGate.read(ctx, msg);
    }

    private void connected(ChannelHandlerContext ctx, String id) {
        String name = id == null || id.isEmpty() ? "(no id) " + ctx.channel().remoteAddress() : id;
        Client c = new Client(name, OwnClients.contains(name), System.nanoTime());
        Client before = ctx.channel().attr(CLIENT).getAndSet(c);
        if (before != null) {
            clients.remove(before.id, before);
        }
        clients.put(name, c);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        ConnackGate.closed(ctx);
        Client c = ctx.channel().attr(CLIENT).get();
        if (c != null) {
            clients.remove(c.id, c);
            c.reportRest(System.nanoTime());
        }
        ctx.fireChannelInactive();
    }

    /**
     * A packet the decoder could not read reaches Moquette's message logger, which throws "invalid massage" with
     * the decoder's cause (for an oversize message Netty's "too large message: N bytes"); Moquette would log it at
     * ERROR with its stack trace on every attempt. One WARN line per client instead, and the client disconnected.
     * Every other exception (a client that left without DISCONNECT, ...) goes on to Moquette as before.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!unreadablePacket(cause)) {
            ctx.fireExceptionCaught(cause);
            return;
        }
        Client c = ctx.channel().attr(CLIENT).get();
        String who = c != null ? c.id : "(not connected) " + ctx.channel().remoteAddress();
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        refused.incrementAndGet();
        String what = String.valueOf(root.getMessage());
        if (root instanceof TooLongFrameException || what.contains("too large")) {
            badPackets.warn("size " + who, "embedded MQTT broker: client '{}' sent a message over the {} KB limit ({});"
                    + " it is disconnected (once per client); send smaller messages or raise <mqtt max_message_kb>",
                    who, limits.maxMessageBytes() / 1024, what);
        } else {
            badPackets.warn("bad " + who, "embedded MQTT broker: client '{}' sent a packet it cannot read ({}: {});"
                    + " it is disconnected (once per client); check the client speaks MQTT 3.1.1",
                    who, root.getClass().getSimpleName(), what);
        }
        ctx.close();
    }

    /** Moquette's "invalid massage" (sic) around the decoder's cause, or the decoder's own exception. */
    static boolean unreadablePacket(Throwable cause) {
        if (cause instanceof IOException && "invalid massage".equals(cause.getMessage()) && cause.getCause() != null) {
            return true;
        }
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DecoderException) {
                return true;
            }
        }
        return false;
    }

    /** One client connection's buckets and counts; its lock is held for a few arithmetic operations. */
    final class Client {
        final String id;
        final boolean exempt;
        private final TokenBucket telemetry;
        private final TokenBucket commands;
        private long windowStartNs;
        private long lastReportNs;
        private long publishes;
        private long windowTelemetry;
        private long windowCommands;
        private long totalTelemetry;
        private long totalCommands;
        /** This window's drops that were for a full session queue, not the rate. */
        private long windowQueueFull;

        Client(String id, boolean exempt, long nowNs) {
            this.id = id;
            this.exempt = exempt;
            this.telemetry = new TokenBucket(limits.clientRate(), limits.clientRate(), nowNs);
            this.commands = new TokenBucket(limits.commandRate(), limits.commandRate(), nowNs);
            this.windowStartNs = nowNs;
            this.lastReportNs = nowNs - REPORT_EVERY_NS;
        }

        /** Whether a publish at {@code qos} goes on; counts and reports the ones that do not. */
        boolean admit(int qos, long nowNs) {
            boolean full = sessionQueueFull();
            if (exempt && !full) {
                return true;
            }
            String report;
            synchronized (this) {
                publishes++;
                boolean pass;
                if (full) {
                    pass = false;
                    if (qos == 0) {
                        windowTelemetry++;
                        totalTelemetry++;
                        droppedTelemetry.incrementAndGet();
                    } else {
                        windowCommands++;
                        totalCommands++;
                        droppedCommands.incrementAndGet();
                    }
                    windowQueueFull++;
                } else if (qos == 0) {
                    pass = telemetry.has(nowNs) && commands.has(nowNs);
                    if (pass) {
                        telemetry.tryTake(nowNs);
                        commands.tryTake(nowNs);
                    } else {
                        windowTelemetry++;
                        totalTelemetry++;
                        droppedTelemetry.incrementAndGet();
                    }
                } else {
                    pass = commands.tryTake(nowNs);
                    if (pass) {
                        telemetry.tryTake(nowNs); // commands use the telemetry budget up first
                    } else {
                        windowCommands++;
                        totalCommands++;
                        droppedCommands.incrementAndGet();
                    }
                }
                if (pass || nowNs - lastReportNs < REPORT_EVERY_NS) {
                    return pass;
                }
                report = reportLocked(nowNs, "");
            }
            LOG.warn(report);
            return false;
        }

        /** After the connection closed: the drops not reported yet, in one line. */
        void reportRest(long nowNs) {
            String report;
            synchronized (this) {
                if (windowTelemetry + windowCommands == 0) {
                    return;
                }
                report = reportLocked(nowNs, " before it disconnected");
            }
            LOG.warn(report);
        }

        private String reportLocked(long nowNs, String tail) {
            double seconds = Math.max(1e-3, (nowNs - windowStartNs) / 1e9);
            String line;
            if (windowQueueFull == windowTelemetry + windowCommands) { // the rate was kept: the broker is behind
                line = String.format(Locale.ROOT,
                        "embedded MQTT broker: no room in its session queue (more publishes waiting than it holds): dropped"
                                + " %d QoS 0 and %d QoS 1/2 of client '%s''s %d publishes in %.1f s%s; the QoS 1/2 ones"
                                + " are not acknowledged, so their senders resend them; the broker is overloaded: slow the"
                                + " publishers down",
                        windowTelemetry, windowCommands, id, publishes, seconds, tail);
            } else {
                line = String.format(Locale.ROOT,
                        "embedded MQTT broker: client '%s' is over its limit of %d msg/s (QoS 0) and %d msg/s (QoS 1/2):"
                                + " dropped %d QoS 0 and %d QoS 1/2 of its %d publishes in %.1f s (%.0f msg/s)%s;"
                                + " slow the client or raise <mqtt client_rate>%s",
                        id, limits.clientRate(), limits.commandRate(), windowTelemetry, windowCommands, publishes, seconds,
                        publishes / seconds, tail, windowQueueFull == 0 ? "" : "; " + windowQueueFull + " of them because"
                                + " the broker's session queue was full: the QoS 1/2 ones are not acknowledged, so their"
                                + " senders resend them");
            }
            windowQueueFull = 0;
            lastReportNs = nowNs;
            windowStartNs = nowNs;
            publishes = 0;
            windowTelemetry = 0;
            windowCommands = 0;
            return line;
        }

        synchronized long totalTelemetry() {
            return totalTelemetry;
        }

        synchronized long totalCommands() {
            return totalCommands;
        }
    }
}
