package io.canopy.messaging.service;

import com.google.protobuf.Message;
import io.canopy.proto.Envelope;

/**
 * Answers the requests of a {@link ServiceServer}. Runs on the node's service thread (one per node, so a slow
 * handler delays the node's other services, never its subscriptions). A thrown exception becomes an error
 * reply carrying its message; the caller's future then fails with a {@link ServiceException}.
 */
@FunctionalInterface
public interface ServiceHandler<Q extends Message, R extends Message> {
    R handle(Q request, Envelope header) throws Exception;
}
