package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MotorCommandEncoderTest {

    private static byte[] reference(String source, long stampNs, int motor, int target, double value, int timeoutMs) {
        MotorCommand.Builder c = MotorCommand.newBuilder().setMotorId(motor).setTimeoutMs(timeoutMs);
        switch (target) {
            case MotorCommandEncoder.VELOCITY:
                c.setVelocity(value);
                break;
            case MotorCommandEncoder.POSITION:
                c.setPosition(value);
                break;
            case MotorCommandEncoder.EFFORT:
                c.setEffort(value);
                break;
            default:
                c.setStop(true);
        }
        return Envelope.newBuilder().setStampNs(stampNs).setSource(source).setMotorCommand(c).build().toByteArray();
    }

    private static byte[] encoded(String source, long stampNs, int motor, int target, double value, int timeoutMs) {
        byte[] out = new byte[1024];
        int n = new MotorCommandEncoder(source).encode(out, stampNs, motor, target, value, timeoutMs);
        return Arrays.copyOf(out, n);
    }

    @Test
    void producesTheBytesOfTheGeneratedClassesForEveryTargetKind() {
        for (int target = MotorCommandEncoder.VELOCITY; target <= MotorCommandEncoder.STOP; target++) {
            assertThat(encoded("robot1/base", 1_700_000_000_123_456_789L, 1, target, 2.5, 300))
                    .as("target %d", target)
                    .containsExactly(reference("robot1/base", 1_700_000_000_123_456_789L, 1, target, 2.5, 300));
        }
    }

    @Test
    void omitsProto3DefaultsButKeepsAZeroTarget() {
        assertThat(encoded("", 0, 0, MotorCommandEncoder.VELOCITY, 0.0, 0))
                .containsExactly(reference("", 0, 0, MotorCommandEncoder.VELOCITY, 0.0, 0));
    }

    @Test
    void matchesForRandomValuesIncludingLargeIdsAndNegativeZero() {
        Random random = new Random(5);
        for (int i = 0; i < 5000; i++) {
            String source = "s".repeat(random.nextInt(150));
            long stamp = random.nextBoolean() ? random.nextLong() : random.nextInt(1000);
            int motor = random.nextInt(4) == 0 ? random.nextInt() : random.nextInt(4);
            int target = MotorCommandEncoder.VELOCITY + random.nextInt(4);
            double value = random.nextInt(10) == 0 ? -0.0 : random.nextGaussian() * 100;
            int timeout = random.nextInt(3) == 0 ? random.nextInt() : random.nextInt(2000);
            assertThat(encoded(source, stamp, motor, target, value, timeout))
                    .as("iteration %d", i)
                    .containsExactly(reference(source, stamp, motor, target, value, timeout));
        }
    }
}
