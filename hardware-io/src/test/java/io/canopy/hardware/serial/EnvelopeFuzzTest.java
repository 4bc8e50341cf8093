package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.hardware.device.DeviceHub;
import io.canopy.hardware.device.ImuSensor;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.device.RangeSensor;
import io.canopy.hardware.wire.FrameDecoder;
import io.canopy.hardware.wire.FrameEncoder;
import io.canopy.hardware.wire.FrameError;
import io.canopy.hardware.wire.FrameFormat;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.MotorState;
import io.canopy.proto.RangeReading;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Fuzzes Envelope handling behind a good CRC: whatever the payload, the receive path (parse, the device
 * roles of a {@link DeviceHub}) either delivers it or counts it as unparsable, and never throws. Seeds in
 * {@code src/test/resources/io/canopy/hardware/serial/EnvelopeFuzzTestInputs/}; a real run:
 * {@code JAZZER_FUZZ=1 mvn -pl hardware-io -am test -Dtest=EnvelopeFuzzTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class EnvelopeFuzzTest {

    /** Any payload inside a valid frame: delivered to the roles or counted as unparsable. */
    @FuzzTest(maxDuration = "10s")
    void anyPayloadIsDeliveredOrCountedNeverThrown(byte[] payload) {
        if (payload.length > FrameFormat.MAX_PAYLOAD) {
            return;
        }
        List<Envelope> forwarded = new ArrayList<>();
        MotorController motors = new MotorController("fuzz", 2, 200, 50);
        DeviceHub hub = new DeviceHub((link, e, at) -> forwarded.add(e), motors, new RangeSensor("r", 0),
                new BatteryMonitor("b"), new ImuSensor("i", 0));
        ManualNanoClock clock = new ManualNanoClock();
        RateLimitedLog log = new RateLimitedLog(LoggerFactory.getLogger(EnvelopeFuzzTest.class), clock, 1_000_000_000L);
        FrameDecoder decoder = new FrameDecoder(new EnvelopeFrameHandler(null, "fuzz", hub, clock, log));
        byte[] frame = new byte[FrameFormat.MAX_FRAME];
        int n = new FrameEncoder().encode(payload, 0, payload.length, frame);
        decoder.accept(frame, 0, n);
        assertThat(decoder.frames() + decoder.errors(FrameError.UNPARSABLE)).isEqualTo(1);
        assertThat(decoder.errors(FrameError.HANDLER_FAILED)).isZero();
    }

    /** Any Envelope the fuzzer builds survives the wire unchanged. */
    @FuzzTest(maxDuration = "10s")
    void anyEnvelopeRoundTripsThroughTheWire(FuzzedDataProvider data) {
        Envelope.Builder b = Envelope.newBuilder()
                .setStampNs(data.consumeLong())
                .setSource(data.consumeString(40))
                .setCorrelationId(data.consumeLong())
                .setReplyTo(data.consumeString(40))
                .setDeadlineNs(data.consumeLong());
        switch (data.consumeInt(0, 2)) {
            case 0:
                b.setMotorState(MotorState.newBuilder().setMotorId(data.consumeInt())
                        .setPosition(data.consumeDouble()).setVelocity(data.consumeDouble())
                        .setFaultFlags(data.consumeInt()));
                break;
            case 1:
                b.setRangeReading(RangeReading.newBuilder().setSensorId(data.consumeInt()).setRangeM(data.consumeFloat()));
                break;
            default:
                b.setEvent(Event.newBuilder().setName(data.consumeString(60))
                        .setPayload(ByteString.copyFrom(data.consumeBytes(600))));
        }
        Envelope sent = b.build();
        if (sent.getSerializedSize() > FrameFormat.MAX_PAYLOAD) {
            return;
        }
        List<Envelope> got = new ArrayList<>();
        ManualNanoClock clock = new ManualNanoClock();
        RateLimitedLog log = new RateLimitedLog(LoggerFactory.getLogger(EnvelopeFuzzTest.class), clock, 1_000_000_000L);
        FrameDecoder decoder = new FrameDecoder(new EnvelopeFrameHandler(null, "fuzz", (l, e, at) -> got.add(e), clock, log));
        byte[] payload = sent.toByteArray();
        byte[] frame = new byte[FrameFormat.MAX_FRAME];
        int n = new FrameEncoder().encode(payload, 0, payload.length, frame);
        decoder.accept(frame, 0, n);
        assertThat(got).containsExactly(sent);
    }
}
