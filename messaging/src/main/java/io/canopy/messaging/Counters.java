package io.canopy.messaging;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/** The live counters behind {@link MessagingStats}; written by IO threads, read by anyone. */
public final class Counters {
    final AtomicLong connects = new AtomicLong();
    final AtomicLong connectionLosses = new AtomicLong();
    final AtomicLong connectFailures = new AtomicLong();
    final AtomicLong published = new AtomicLong();
    final AtomicLong bufferOverflows = new AtomicLong();
    final AtomicLong droppedDisconnected = new AtomicLong();
    final AtomicLong resent = new AtomicLong();
    final AtomicLong received = new AtomicLong();
    final AtomicLong unparsable = new AtomicLong();
    public final AtomicLong wrongBody = new AtomicLong();
    final AtomicLong listenerErrors = new AtomicLong();
    public final AtomicLong expiredRequests = new AtomicLong();
    public final AtomicLong serviceTimeouts = new AtomicLong();
    public final AtomicLong lateReplies = new AtomicLong();
    final AtomicLong duplicates = new AtomicLong();
    final AtomicLong unrouted = new AtomicLong();

    MessagingStats snapshot(IntSupplier buffered) {
        return new MessagingStats(connects.get(), connectionLosses.get(), connectFailures.get(), published.get(),
                buffered.getAsInt(), bufferOverflows.get(), droppedDisconnected.get(), resent.get(), received.get(),
                unparsable.get(), wrongBody.get(), listenerErrors.get(), expiredRequests.get(), serviceTimeouts.get(),
                lateReplies.get(), duplicates.get(), unrouted.get());
    }
}
