package io.canopy.launch.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.canopy.launch.run.NodeControl;
import io.canopy.proto.BatteryState;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The Envelope recorded on an MQTT topic's channel turns back into the very inbox event the MQTT client's callback
 * made (value and data), for each kind of bind; an event that would not is left to in/events (encode says null).
 */
class MqttInputTest {
    private static final MqttInput EVENT = new MqttInput("bind#0 mqtt:cmd/stop -> event:stop", "robot1/cmd/stop", "event:stop", false);
    private static final MqttInput ENTRY = new MqttInput("bind#1 mqtt:cmd/speed -> blackboard:speed", "robot1/cmd/speed",
            "blackboard:speed", false);
    private static final MqttInput TEXT = new MqttInput("bind#2 mqtt:cmd/mode -> blackboard:mode", "robot1/cmd/mode",
            "blackboard:mode", true);

    private static void roundTrip(MqttInput in, double value, Object data) {
        Envelope e = in.encode(value, data);
        assertThat(e).as("recordable on its channel").isNotNull();
        MqttInput.Decoded d = in.decode(e);
        assertThat(d.value()).isEqualTo(value);
        if (NodeControl.messageOf(data) != null) {
            assertThat(NodeControl.messageOf(d.data())).isEqualTo(NodeControl.messageOf(data));
        } else {
            assertThat(d.data()).isEqualTo(data);
        }
    }

    @Test
    void everyKindOfMqttInboxEventComesBackTheSame() {
        Event stop = Event.newBuilder().setName("stop").setPayload(ByteString.copyFromUtf8(" 3 ")).build();
        roundTrip(EVENT, 3, NodeControl.messageData(stop)); // an event's payload number is its value
        roundTrip(EVENT, 0, NodeControl.messageData(Event.newBuilder().setName("start").build()));
        roundTrip(EVENT, 0, NodeControl.messageData(BatteryState.newBuilder().setPercent(42).build()));
        roundTrip(ENTRY, 0.35, null); // an event's payload into an entry: a number is the value
        roundTrip(ENTRY, -0.0, null);
        roundTrip(ENTRY, 0, "fast"); // else the text
        roundTrip(ENTRY, 0, NodeControl.messageData(BatteryState.newBuilder().setPercent(7).build()));
        roundTrip(TEXT, 12, null);
        roundTrip(TEXT, 0, "dock");
        assertThat(TEXT.encode(12, null).getEvent().getPayload().toString(StandardCharsets.UTF_8)).isEqualTo("12");
    }

    @Test
    void anEventItsEnvelopeWouldNotGiveBackIsLeftToInEvents() {
        // a value the payload does not carry (the callback that made it is not the one these rules describe)
        assertThat(EVENT.encode(7, NodeControl.messageData(Event.newBuilder().setName("stop").build()))).isNull();
        assertThat(ENTRY.encode(0, 42L)).as("data that is neither a message nor a text").isNull();
    }

    @Test
    void theChannelSaysHowToReadIt() {
        assertThat(MqttInput.of(TEXT.metadata())).isEqualTo(TEXT);
        assertThat(TEXT.channel()).isEqualTo("in/mqtt/robot1/cmd/mode");
        assertThat(MqttInput.of(java.util.Map.of())).isNull();
    }
}
