package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.proto.BatteryState;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.NodeStatus;
import org.junit.jupiter.api.Test;

class BodyCodecTest {
    @Test
    void wrapsAndUnwrapsABodyType() {
        BodyCodec<MotorCommand> codec = BodyCodec.of(MotorCommand.class);
        MotorCommand cmd = MotorCommand.newBuilder().setMotorId(2).setVelocity(1.5).setTimeoutMs(200).build();
        Envelope env = codec.wrap(Envelope.newBuilder().setSource("s"), cmd).build();
        assertThat(env.getBodyCase()).isEqualTo(Envelope.BodyCase.MOTOR_COMMAND);
        assertThat(codec.matches(env)).isTrue();
        assertThat(codec.unwrap(env)).isEqualTo(cmd);
        assertThat(codec.bodyName()).isEqualTo("motor_command");
    }

    @Test
    void anotherBodyDoesNotMatch() {
        Envelope env = Envelope.newBuilder().setBatteryState(BatteryState.newBuilder().setVoltage(12f)).build();
        assertThat(BodyCodec.of(MotorCommand.class).matches(env)).isFalse();
        assertThat(BodyCodec.bodyNameOf(env)).isEqualTo("battery_state");
        assertThat(BodyCodec.bodyNameOf(Envelope.getDefaultInstance())).isEqualTo("no body");
    }

    @Test
    void envelopePassesThroughWhole() {
        Envelope env = Envelope.newBuilder().setCorrelationId(7).build();
        BodyCodec<Envelope> codec = BodyCodec.of(Envelope.class);
        assertThat(codec.matches(env)).isTrue();
        assertThat(codec.unwrap(env)).isSameAs(env);
    }

    @Test
    void aMessageThatIsNoBodyTypeIsRejected() {
        assertThatThrownBy(() -> BodyCodec.of(NodeStatus.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a body type of canopy.v1.Envelope");
    }
}
