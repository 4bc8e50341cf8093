package io.canopy.hardware.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.proto.BatteryState;
import io.canopy.proto.DeviceInfo;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.Heartbeat;
import io.canopy.proto.Imu;
import io.canopy.proto.LinkStatus;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.MotorState;
import io.canopy.proto.RangeReading;
import io.canopy.proto.TreeStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The golden frames the C firmware library ({@code mcu/}) is tested against: this test encodes each case
 * with {@link FrameEncoder} and protobuf-java and checks the result against {@code mcu/test/golden_frames.txt};
 * the C tests ({@code make -C mcu test}) encode the same cases with nanopb and must produce the same bytes, and
 * feed the same error streams and must count the same errors. Regenerate the file after an intended change:
 * {@code mvn -q -o -pl hardware-io -am test -Dtest=McuGoldenFramesTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dcanopy.mcu.golden=write}.
 *
 * <p>File format, one item per line: {@code frame NAME SEQ HEX} (a whole frame, delimiter included), and
 * {@code stream NAME FRAMES BAD_COBS SHORT BAD_CRC OVERSIZE UNPARSABLE SEQ_GAP LOST HEX} (bytes fed to a fresh
 * decoder whose handler parses Envelopes, and what it counts).
 */
class McuGoldenFramesTest {
    private static final Path GOLDEN = Path.of("..", "mcu", "test", "golden_frames.txt");
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    /** The cases, by the name the C test builds them under (mcu/test/test_golden.c). */
    static Map<String, Case> cases() {
        Map<String, Case> c = new LinkedHashMap<>();
        c.put("heartbeat_worked_example", new Case(0, Envelope.newBuilder()
                .setHeartbeat(Heartbeat.newBuilder().setUptimeMs(1000)).build()));
        c.put("heartbeat_seq255_max_uptime", new Case(255, Envelope.newBuilder()
                .setHeartbeat(Heartbeat.newBuilder().setUptimeMs(-1)).build()));
        c.put("empty_envelope", new Case(7, Envelope.getDefaultInstance()));
        c.put("motor_state", new Case(1, Envelope.newBuilder().setSource("base")
                .setMotorState(MotorState.newBuilder().setMotorId(1).setPosition(12.5).setVelocity(-3.25)
                        .setEffort(0.0125).setFaultFlags(4)).build()));
        c.put("motor_state_all_zero", new Case(2, Envelope.newBuilder()
                .setMotorState(MotorState.getDefaultInstance()).build()));
        c.put("range_reading", new Case(3, Envelope.newBuilder().setSource("base")
                .setRangeReading(RangeReading.newBuilder().setSensorId(0).setRangeM(1.234f).setMinM(0.02f)
                        .setMaxM(4.0f)).build()));
        c.put("battery_state", new Case(4, Envelope.newBuilder().setSource("base")
                .setBatteryState(BatteryState.newBuilder().setVoltage(11.7f).setPercent(57.5f)).build()));
        c.put("device_info", new Case(5, Envelope.newBuilder().setSource("base")
                .setDeviceInfo(DeviceInfo.newBuilder().setModel("canopy-mcu-diffdrive").setFirmware("0.1.0")
                        .setProtocolVersion(1)).build()));
        c.put("imu", new Case(6, Envelope.newBuilder().setStampNs(1_700_000_000_123_456_789L)
                .setImu(Imu.newBuilder().setSensorId(2).setOrientationX(0.0).setOrientationY(0.0)
                        .setOrientationZ(0.7071067811865476).setOrientationW(0.7071067811865476)
                        .setAngularVelocityX(0.01).setAngularVelocityY(-0.02).setAngularVelocityZ(0.5)
                        .setLinearAccelerationX(0.1).setLinearAccelerationY(0.0).setLinearAccelerationZ(9.81))
                .build()));
        c.put("event_with_zero_bytes", new Case(8, Envelope.newBuilder().setSource("base")
                .setEvent(Event.newBuilder().setName("bumper.hit")
                        .setPayload(ByteString.copyFrom(new byte[] {0, 1, 2, 0, (byte) 0xFF}))).build()));
        c.put("motor_command_velocity", new Case(9, Envelope.newBuilder().setStampNs(1_700_000_000_123_456_789L)
                .setSource("robot1/controller")
                .setMotorCommand(MotorCommand.newBuilder().setMotorId(1).setVelocity(8.0).setTimeoutMs(300))
                .build()));
        c.put("motor_command_stop", new Case(10, Envelope.newBuilder().setSource("robot1/controller")
                .setMotorCommand(MotorCommand.newBuilder().setMotorId(0).setStop(true)).build()));
        c.put("motor_command_position", new Case(11, Envelope.newBuilder()
                .setMotorCommand(MotorCommand.newBuilder().setMotorId(0).setPosition(-1.5).setTimeoutMs(1000))
                .build()));
        c.put("motor_command_effort", new Case(12, Envelope.newBuilder()
                .setMotorCommand(MotorCommand.newBuilder().setMotorId(1).setEffort(0.25).setTimeoutMs(50))
                .build()));
        c.put("service_header_event", new Case(13, Envelope.newBuilder().setStampNs(5).setSource("robot1/planner")
                .setCorrelationId(42).setReplyTo("robot1/planner/reply").setDeadlineNs(1_700_000_001_000_000_000L)
                .setEvent(Event.newBuilder().setName("dock.now")).build()));
        c.put("tree_status_is_skipped", new Case(14, Envelope.newBuilder().setSource("robot1/controller")
                .setTreeStatus(TreeStatus.newBuilder().setTree("patrol").setTickCount(5)).build()));
        c.put("unknown_field_400_bytes", new Case(15, unknownField400()));
        c.put("battery_state_charging", new Case(16, Envelope.newBuilder().setSource("base")
                .setBatteryState(BatteryState.newBuilder().setVoltage(12.1f).setPercent(76.25f).setCharging(true))
                .build()));
        c.put("link_status_is_skipped", new Case(17, linkStatus()));
        return c;
    }

    /** A node's LinkStatus telemetry with every counter set (large varints): the firmware skips the body. */
    static Envelope linkStatus() {
        return Envelope.newBuilder().setSource("robot1/controller")
                .setLinkStatus(LinkStatus.newBuilder().setLink("base").setConnected(true).setSilent(true)
                        .setFramesReceived(1L << 40).setFramesSent(123_456_789L).setBadCobs(1).setShortFrames(2)
                        .setBadCrc(3).setOversize(4).setUnparsable(5).setSequenceGaps(6).setLostCount(7)
                        .setDroppedQueueFull(-1L).setDroppedDeviceLost(9))
                .build();
    }

    /** A good frame (seq, payload) whose body is larger than 254 bytes of non-zero data: field 99 is unknown. */
    static Envelope unknownField400() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[] {(byte) 0x9A, 0x06, (byte) 0x86, 0x03}); // field 99, length-delimited, 390 bytes
        byte[] data = new byte[390];
        Arrays.fill(data, (byte) 0x11);
        b.writeBytes(data);
        b.writeBytes(Envelope.newBuilder().setHeartbeat(Heartbeat.newBuilder().setUptimeMs(7)).build().toByteArray());
        try {
            return Envelope.parseFrom(b.toByteArray());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    /** Streams with errors in them: every kind the decoders count, and recovery after each. */
    static Map<String, byte[]> streams() {
        Map<String, byte[]> s = new LinkedHashMap<>();
        byte[] hb0 = frame(0, heartbeat(1));
        byte[] hb1 = frame(1, heartbeat(2));
        byte[] hb2 = frame(2, heartbeat(3));
        s.put("three_good_frames", cat(hb0, hb1, hb2));
        s.put("delimiters_only", new byte[] {0, 0, 0, 0});
        s.put("leading_delimiters", cat(new byte[] {0, 0}, hb0, new byte[] {0}, hb1));
        byte[] badCrc = hb1.clone();
        badCrc[badCrc.length - 2] ^= 0x01;
        s.put("bad_crc_then_good", cat(hb0, badCrc, hb2));
        s.put("bad_cobs_code_runs_past_end", cat(new byte[] {0x05, 0x11, 0x22, 0x00}, hb0));
        s.put("short_frames", cat(new byte[] {0x01, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x22, 0x00}, hb0));
        s.put("seq_gap_of_three", cat(frame(10, heartbeat(1)), frame(14, heartbeat(2)), frame(15, heartbeat(3))));
        s.put("seq_wraps_without_gap", cat(frame(254, heartbeat(1)), frame(255, heartbeat(2)), frame(0, heartbeat(3))));
        s.put("unparsable_payload", cat(frame(0, new byte[] {(byte) 0xFF, (byte) 0xFF}), frame(1, heartbeat(1))));
        byte[] big = new byte[1025];
        Arrays.fill(big, (byte) 0x22);
        byte[] bigBody = new byte[1 + big.length + 2];
        bigBody[0] = 0x33;
        System.arraycopy(big, 0, bigBody, 1, big.length);
        int crc = Crc16Xmodem.compute(bigBody, 0, big.length + 1);
        bigBody[big.length + 1] = (byte) (crc >>> 8);
        bigBody[big.length + 2] = (byte) crc;
        byte[] bigCobs = new byte[Cobs.maxEncodedLength(bigBody.length) + 1];
        int n = Cobs.encode(bigBody, 0, bigBody.length, bigCobs, 0);
        s.put("oversize_1025_payload_then_good", cat(Arrays.copyOf(bigCobs, n + 1), hb0));
        byte[] garbage = new byte[3000];
        Arrays.fill(garbage, (byte) 0x5A);
        s.put("3000_garbage_bytes_then_delimiter_then_good", cat(garbage, new byte[] {0}, hb0));
        s.put("host_vanishes_mid_frame_then_reopens", cat(hb0, Arrays.copyOf(hb1, 5), new byte[] {0}, frame(0, heartbeat(9))));
        s.put("payload_at_the_limit_1024", frame(0, limitPayload()));
        s.put("link_status_between_heartbeats", cat(hb0, frame(1, linkStatus().toByteArray()), hb2));
        return s;
    }

    /** 1024 payload bytes that are one Envelope: an unknown field 99 of 1020 bytes. */
    static byte[] limitPayload() {
        byte[] p = new byte[1024];
        p[0] = (byte) 0x9A;
        p[1] = 0x06;
        p[2] = (byte) 0xFC; // 1020 = 0x3FC: varint FC 07
        p[3] = 0x07;
        Arrays.fill(p, 4, p.length, (byte) 0x44);
        return p;
    }

    record Case(int seq, Envelope envelope) {}

    @Test
    void javaEncoderProducesTheGoldenFile() throws IOException {
        String text = render();
        if ("write".equals(System.getProperty("canopy.mcu.golden"))) {
            Files.writeString(GOLDEN, text, StandardCharsets.UTF_8);
        }
        assertThat(GOLDEN).as("golden file for the C firmware tests").exists();
        assertThat(Files.readString(GOLDEN, StandardCharsets.UTF_8))
                .as("mcu/test/golden_frames.txt is stale; if the change is intended, rerun with -Dcanopy.mcu.golden=write")
                .isEqualTo(text);
    }

    @Test
    void everyGoldenFrameDecodesBackToItsEnvelope() throws IOException {
        for (Map.Entry<String, Case> e : cases().entrySet()) {
            byte[] f = frame(e.getValue().seq(), e.getValue().envelope().toByteArray());
            List<Envelope> got = new ArrayList<>();
            int[] seq = {-1};
            FrameDecoder d = new FrameDecoder(new FrameHandler() {
                @Override
                public boolean onFrame(int s, byte[] payload, int off, int len) {
                    seq[0] = s;
                    try {
                        got.add(Envelope.parseFrom(ByteString.copyFrom(payload, off, len)));
                        return true;
                    } catch (InvalidProtocolBufferException ex) {
                        return false;
                    }
                }
            });
            d.accept(f, 0, f.length);
            assertThat(got).as(e.getKey()).containsExactly(e.getValue().envelope());
            assertThat(seq[0]).as(e.getKey()).isEqualTo(e.getValue().seq());
        }
    }

    @Test
    void theWorkedExampleIsTheFirstGoldenFrame() {
        Case c = cases().get("heartbeat_worked_example");
        assertThat(HEX.formatHex(frame(c.seq(), c.envelope().toByteArray()))).isEqualTo("010982010308E8072EB000");
    }

    @Test
    void eachErrorKindAppearsInSomeStream() {
        long[] total = new long[8];
        for (byte[] s : streams().values()) {
            long[] c = counts(s);
            for (int i = 0; i < total.length; i++) {
                total[i] += c[i];
            }
        }
        for (int i = 0; i < total.length; i++) {
            assertThat(total[i]).as("counter %d over all streams", i).isPositive();
        }
    }

    private static String render() {
        StringBuilder b = new StringBuilder();
        b.append("# Golden frames for the C firmware library (mcu/), written by McuGoldenFramesTest (hardware-io).\n");
        b.append("# frame NAME SEQ HEX\n");
        b.append("# stream NAME FRAMES BAD_COBS SHORT BAD_CRC OVERSIZE UNPARSABLE SEQ_GAP LOST HEX\n");
        for (Map.Entry<String, Case> e : cases().entrySet()) {
            Case c = e.getValue();
            b.append("frame ").append(e.getKey()).append(' ').append(c.seq()).append(' ')
                    .append(HEX.formatHex(frame(c.seq(), c.envelope().toByteArray()))).append('\n');
        }
        for (Map.Entry<String, byte[]> e : streams().entrySet()) {
            long[] c = counts(e.getValue());
            b.append("stream ").append(e.getKey());
            for (long v : c) {
                b.append(' ').append(v);
            }
            b.append(' ').append(HEX.formatHex(e.getValue())).append('\n');
        }
        return b.toString();
    }

    /** frames, bad COBS, short, bad CRC, oversize, unparsable, seq gaps, lost frames. */
    private static long[] counts(byte[] stream) {
        FrameDecoder d = new FrameDecoder((seq, payload, off, len) -> {
            try {
                Envelope.parseFrom(ByteString.copyFrom(payload, off, len));
                return true;
            } catch (InvalidProtocolBufferException e) {
                return false;
            }
        });
        d.accept(stream, 0, stream.length);
        return new long[] {d.frames(), d.errors(FrameError.BAD_COBS), d.errors(FrameError.SHORT),
            d.errors(FrameError.BAD_CRC), d.errors(FrameError.OVERSIZE), d.errors(FrameError.UNPARSABLE),
            d.errors(FrameError.SEQ_GAP), d.lostFrames()};
    }

    private static byte[] heartbeat(int uptimeMs) {
        return Envelope.newBuilder().setHeartbeat(Heartbeat.newBuilder().setUptimeMs(uptimeMs)).build().toByteArray();
    }

    static byte[] frame(int seq, byte[] payload) {
        byte[] out = new byte[FrameFormat.MAX_FRAME];
        int n = new FrameEncoder().encode(seq, payload, 0, payload.length, out);
        return Arrays.copyOf(out, n);
    }

    private static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }
}
