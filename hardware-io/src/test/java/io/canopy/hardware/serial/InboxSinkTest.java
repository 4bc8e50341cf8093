package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.canopy.proto.BatteryState;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.RangeReading;
import io.canopy.tick.EventQueue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InboxSinkTest {
    private final EventQueue inbox = EventQueue.builder().name("test").sensorCapacity(2).commandCapacity(8).build();
    private final InboxSink sink = new InboxSink(inbox);
    private final SerialLink link = SerialLink.inProcess("/dev/ttyTEST", new InProcessWire(), true, sink);

    private List<String> drain() {
        List<String> got = new ArrayList<>();
        inbox.drain(e -> got.add(e.kind() + " " + e.name() + " " + e.value() + " "
                + new String(e.payloadBuffer(), 0, e.payloadLength(), StandardCharsets.UTF_8)
                + (e.attachment() instanceof Envelope ? " +envelope" : "")));
        return got;
    }

    @Test
    void wireEventsAreCommandsWithTheirPayloadAndReadingsAreSamplesWithTheirMainValue() {
        sink.onEnvelope(link, Envelope.newBuilder().setEvent(Event.newBuilder().setName("goal.set")
                .setPayload(ByteString.copyFromUtf8("dock"))).build(), 10);
        sink.onEnvelope(link, Envelope.newBuilder().setRangeReading(RangeReading.newBuilder().setRangeM(1.5f)).build(), 20);
        sink.onEnvelope(link, Envelope.newBuilder().setBatteryState(BatteryState.newBuilder().setPercent(42)).build(), 30);
        assertThat(drain()).containsExactly("COMMAND goal.set 0.0 dock +envelope",
                "SENSOR range_reading 1.5  +envelope", "SENSOR battery_state 42.0  +envelope");
    }

    @Test
    void deviceLostAndBackAreCommandsNamingThePort() {
        sink.onDeviceLost(link, "EIO");
        sink.onDeviceBack(link);
        assertThat(drain()).containsExactly("COMMAND device.lost 0.0 /dev/ttyTEST", "COMMAND device.back 0.0 /dev/ttyTEST");
    }

    @Test
    void aFullInboxDropsTheOldestSampleButKeepsCommands() {
        for (int i = 0; i < 5; i++) {
            sink.onEnvelope(link, Envelope.newBuilder().setRangeReading(RangeReading.newBuilder().setRangeM(i)).build(), i);
        }
        sink.onDeviceLost(link, "EIO");
        List<String> got = drain();
        assertThat(got).contains("COMMAND device.lost 0.0 /dev/ttyTEST");
        assertThat(got).filteredOn(s -> s.startsWith("SENSOR")).containsExactly(
                "SENSOR range_reading 3.0  +envelope", "SENSOR range_reading 4.0  +envelope");
        assertThat(inbox.sensorDropped()).isEqualTo(3);
        assertThat(InboxSink.eventName(Envelope.BodyCase.MOTOR_STATE)).isEqualTo("motor_state");
    }
}
