package io.canopy.messaging.service;

import com.google.protobuf.Message;
import io.canopy.messaging.EnvelopeSink;
import io.canopy.messaging.MqttNode;
import io.canopy.proto.Envelope;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The node's one reply topic ({@code <ns>/<node>/reply}) shared by all its service clients: matches replies
 * to pending calls by correlation id, times calls out, and counts replies that come too late. Correlation
 * ids start at a random value so two processes that wrongly share a node name rarely mix up replies.
 */
public final class ReplyRouter implements EnvelopeSink {
    private static final class Call {
        final ServiceClient<?, ?> client;
        final CompletableFuture<?> future;
        volatile ScheduledFuture<?> timeout;

        Call(ServiceClient<?, ?> client, CompletableFuture<?> future) {
            this.client = client;
            this.future = future;
        }

        void cancelTimeout() {
            ScheduledFuture<?> t = timeout;
            if (t != null) {
                t.cancel(false);
            }
        }
    }

    private final MqttNode node;
    private final String topic;
    private final AtomicLong nextId = new AtomicLong(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE / 2));
    private final ConcurrentHashMap<Long, Call> calls = new ConcurrentHashMap<>();

    public ReplyRouter(MqttNode node, String topic) {
        this.node = node;
        this.topic = topic;
    }

    public String topic() {
        return topic;
    }

    <R extends Message> long register(ServiceClient<?, R> client, CompletableFuture<R> future, long timeoutMs) {
        long id = nextId.getAndIncrement();
        Call call = new Call(client, future);
        calls.put(id, call);
        call.timeout = node.timers().schedule(() -> {
            if (calls.remove(id) != null) {
                node.counters.serviceTimeouts.incrementAndGet();
                future.completeExceptionally(client.timeout(timeoutMs));
            }
        }, timeoutMs, TimeUnit.MILLISECONDS);
        return id;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public boolean deliver(String actualTopic, Envelope reply) {
        Call call = calls.remove(reply.getCorrelationId());
        if (call == null) {
            node.counters.lateReplies.incrementAndGet();
            return false;
        }
        call.cancelTimeout();
        node.timers().execute(() -> ((ServiceClient) call.client).complete((CompletableFuture) call.future, reply));
        return true;
    }

    /** Fails every pending call (the node is closing). */
    public void failAll(String why) {
        for (Long id : calls.keySet()) {
            Call call = calls.remove(id);
            if (call != null) {
                call.cancelTimeout();
                call.future.completeExceptionally(new CancellationException(why));
            }
        }
    }
}
