package io.canopy.messaging.service;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.canopy.messaging.BodyCodec;
import io.canopy.messaging.EnvelopeSink;
import io.canopy.messaging.MqttNode;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Answers requests on one topic: each request Envelope carries a correlation id, the topic to reply to and a
 * deadline. The handler runs on the node's service thread; its result goes back (QoS 1) with the same
 * correlation id, and an exception goes back as an error reply (an {@link Event} named
 * {@value #ERROR_EVENT} whose payload is the UTF-8 message). A request whose deadline has passed when it
 * arrives, or when its turn comes, is not executed: it is counted and gets no reply (the caller has timed
 * out). A request without {@code reply_to} is a command: executed, not answered.
 */
public final class ServiceServer<Q extends Message, R extends Message> implements EnvelopeSink, AutoCloseable {
    /** The name of the Event that carries an error reply. */
    public static final String ERROR_EVENT = "service.error";

    private final MqttNode node;
    private final String topic;
    private final BodyCodec<Q> requestCodec;
    private final BodyCodec<R> responseCodec;
    private final ServiceHandler<Q, R> handler;
    private final AtomicLong executed = new AtomicLong();

    public ServiceServer(MqttNode node, String topic, BodyCodec<Q> requestCodec, BodyCodec<R> responseCodec, ServiceHandler<Q, R> handler) {
        this.node = node;
        this.topic = topic;
        this.requestCodec = requestCodec;
        this.responseCodec = responseCodec;
        this.handler = handler;
    }

    public String topic() {
        return topic;
    }

    /** Requests the handler ran (successfully or not). */
    public long executed() {
        return executed.get();
    }

    @Override
    public boolean deliver(String actualTopic, Envelope request) {
        if (!requestCodec.matches(request)) {
            node.counters.wrongBody.incrementAndGet();
            String msg = "request body is " + BodyCodec.bodyNameOf(request) + ", expected " + requestCodec.bodyName();
            node.onceLog.warn("svcbody:" + actualTopic, "MQTT service '{}': {} (from '{}'); answered with an error",
                    actualTopic, msg, request.getSource());
            replyError(request, msg);
            return false;
        }
        node.serviceExecutor().execute(() -> execute(request));
        return true;
    }

    private void execute(Envelope request) {
        long deadlineNs = request.getDeadlineNs();
        if (deadlineNs != 0 && deadlineNs - node.config.epochNs().getAsLong() < 0) {
            node.counters.expiredRequests.incrementAndGet();
            node.onceLog.warn("svcexpired:" + topic, "MQTT service '{}': a request from '{}' expired while queued;"
                    + " not executed, counted (further ones are only counted)", topic, request.getSource());
            return;
        }
        executed.incrementAndGet();
        R response;
        try {
            response = handler.handle(requestCodec.unwrap(request), request);
            if (response == null) {
                throw new IllegalStateException("the handler returned null");
            }
        } catch (Exception | Error e) {
            node.listenerFailed(topic, e);
            replyError(request, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            return;
        }
        if (!request.getReplyTo().isEmpty()) {
            Envelope.Builder b = Envelope.newBuilder();
            responseCodec.wrap(b, response);
            node.send(request.getReplyTo(), header(b, request).build(), 1, false);
        }
    }

    private void replyError(Envelope request, String message) {
        if (request.getReplyTo().isEmpty()) {
            return;
        }
        Envelope.Builder b = Envelope.newBuilder()
                .setEvent(Event.newBuilder().setName(ERROR_EVENT).setPayload(ByteString.copyFromUtf8(message)));
        node.send(request.getReplyTo(), header(b, request).build(), 1, false);
    }

    private Envelope.Builder header(Envelope.Builder b, Envelope request) {
        return b.setStampNs(node.config.epochNs().getAsLong()).setSource(node.path())
                .setCorrelationId(request.getCorrelationId());
    }

    @Override
    public void close() {
        node.removeSink(topic, this);
    }
}
