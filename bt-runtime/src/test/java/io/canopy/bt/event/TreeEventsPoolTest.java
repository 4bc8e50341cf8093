package io.canopy.bt.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import org.junit.jupiter.api.Test;

/** A tree's copies of the events it listens to: everything a node reads, no payload bytes. */
class TreeEventsPoolTest {

    @Test
    void aDeliveredEventKeepsNameKindTimeNumberAndAttachmentButNotItsPayloadBytes() {
        TreeEvents events = new TreeEvents();
        events.listen("device.lost");
        Object envelope = new Object();
        Event in = new Event(1024).set(EventKind.COMMAND, "device.lost", 123).value(4.5).attachment(envelope)
                .payload(new byte[900], 0, 900); // more than a tree's copy holds: must not throw

        assertThat(events.deliver(in)).isTrue();

        Event copy = events.at(0);
        assertThat(copy.name()).isEqualTo("device.lost");
        assertThat(copy.kind()).isEqualTo(EventKind.COMMAND);
        assertThat(copy.timestampNs()).isEqualTo(123);
        assertThat(copy.value()).isEqualTo(4.5);
        assertThat(copy.attachment()).isSameAs(envelope);
        assertThat(copy.payloadLength()).isZero();
        assertThat(copy.payloadBuffer()).isEmpty();
    }

    @Test
    void theDefaultOutboxHoldsNoPayloadBuffersUntilAPayloadComes() {
        TreeEvents events = new TreeEvents();
        events.outbox().offer(new Event(0).set(EventKind.COMMAND, "arrived", 0).value(1));
        int[] buffer = {-1};
        events.outbox().drain(e -> buffer[0] = e.payloadBuffer().length);
        assertThat(buffer[0]).isZero();
        assertThat(events.outbox().maxPayloadBytes()).isEqualTo(Event.DEFAULT_MAX_PAYLOAD_BYTES);
    }
}
