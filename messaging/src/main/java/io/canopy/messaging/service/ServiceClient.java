package io.canopy.messaging.service;

import com.google.protobuf.Message;
import io.canopy.messaging.BodyCodec;
import io.canopy.messaging.MqttNode;
import io.canopy.proto.Envelope;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * Calls a {@link ServiceServer}: {@link #call} publishes the request (QoS 1) with a fresh correlation id,
 * the node's reply topic and a deadline of now + timeout, and returns a future that completes with the
 * response, fails with a {@link ServiceException} on an error reply, or with a {@link TimeoutException} when
 * no reply came in time (the server does not execute a request that arrives after its deadline). Futures
 * complete on the node's timer thread, never on Paho's; the tick thread polls {@code isDone()}.
 */
public final class ServiceClient<Q extends Message, R extends Message> {
    private final MqttNode node;
    private final String topic;
    private final BodyCodec<Q> requestCodec;
    private final BodyCodec<R> responseCodec;

    public ServiceClient(MqttNode node, String topic, BodyCodec<Q> requestCodec, BodyCodec<R> responseCodec) {
        this.node = node;
        this.topic = topic;
        this.requestCodec = requestCodec;
        this.responseCodec = responseCodec;
    }

    public String topic() {
        return topic;
    }

    public CompletableFuture<R> call(Q request, long timeoutMs) {
        if (timeoutMs <= 0) {
            throw new IllegalArgumentException("timeoutMs must be positive: " + timeoutMs);
        }
        ReplyRouter router = node.replyRouter();
        CompletableFuture<R> future = new CompletableFuture<>();
        long correlationId = router.register(this, future, timeoutMs);
        long nowNs = node.config.epochNs().getAsLong();
        Envelope.Builder b = Envelope.newBuilder();
        requestCodec.wrap(b, request);
        b.setStampNs(nowNs).setSource(node.path()).setCorrelationId(correlationId).setReplyTo(router.topic())
                .setDeadlineNs(nowNs + timeoutMs * 1_000_000L);
        node.send(topic, b.build(), 1, false);
        return future;
    }

    /** Completes {@code future} from a reply envelope (on the node's timer thread). */
    void complete(CompletableFuture<R> future, Envelope reply) {
        if (reply.hasEvent() && ServiceServer.ERROR_EVENT.equals(reply.getEvent().getName())) {
            future.completeExceptionally(new ServiceException(topic, reply.getEvent().getPayload().toStringUtf8()));
        } else if (!responseCodec.matches(reply)) {
            future.completeExceptionally(new ServiceException(topic, "reply body is " + BodyCodec.bodyNameOf(reply)
                    + ", expected " + responseCodec.bodyName()));
        } else {
            future.complete(responseCodec.unwrap(reply));
        }
    }

    TimeoutException timeout(long timeoutMs) {
        return new TimeoutException("service '" + topic + "' did not answer within " + timeoutMs + " ms"
                + " (is a server running and the broker reachable?)");
    }
}
