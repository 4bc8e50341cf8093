package io.canopy.messaging;

/**
 * A snapshot of one node's messaging counters, readable at run time (CLI, MQTT status, logs).
 *
 * @param connects            successful connections to the broker (the first one included)
 * @param connectionLosses    connections lost (broker down, network gone)
 * @param connectFailures     connection attempts that failed (the node keeps retrying with backoff)
 * @param published           messages handed to the broker (buffered ones included once sent)
 * @param buffered            QoS 1/2 messages now waiting for the connection to come back
 * @param bufferOverflows     QoS 1/2 messages dropped because the outage buffer was full (oldest first)
 * @param droppedDisconnected QoS 0 messages dropped because the node was disconnected
 * @param resent              QoS 1/2 messages whose delivery failed with the connection and were sent again
 * @param received            envelopes received and delivered to at least one subscriber
 * @param unparsable          payloads that were not a valid Envelope (logged once per topic)
 * @param wrongBody           envelopes whose body was not the subscriber's type (logged once per topic)
 * @param listenerErrors      exceptions thrown by listeners and service handlers
 * @param expiredRequests     service requests and commands that arrived after their deadline (not executed)
 * @param serviceTimeouts     service calls that got no reply in time
 * @param lateReplies         replies that arrived after their call timed out
 * @param duplicates          messages with a (source, message id) already handled on their topic filter (dropped)
 * @param unrouted            messages for a topic the node no longer subscribes to (a restored session; dropped)
 */
public record MessagingStats(
        long connects,
        long connectionLosses,
        long connectFailures,
        long published,
        long buffered,
        long bufferOverflows,
        long droppedDisconnected,
        long resent,
        long received,
        long unparsable,
        long wrongBody,
        long listenerErrors,
        long expiredRequests,
        long serviceTimeouts,
        long lateReplies,
        long duplicates,
        long unrouted) {}
