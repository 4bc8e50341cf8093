package io.canopy.hardware.device;

import java.nio.charset.StandardCharsets;

/**
 * Writes {@code Envelope{stamp_ns, source, motor_command{motor_id, target, timeout_ms}}} in protobuf
 * binary form straight into a byte array, without building protobuf objects: the tick thread sends motor
 * commands without allocating. Produces exactly the bytes protobuf-java would (fields in number order,
 * proto3 defaults omitted, the oneof target always present); {@code MotorCommandEncoderTest} compares
 * them byte for byte with the generated classes.
 */
final class MotorCommandEncoder {
    static final int VELOCITY = 2;
    static final int POSITION = 3;
    static final int EFFORT = 4;
    static final int STOP = 5;

    private static final int ENVELOPE_STAMP_NS = 1;
    private static final int ENVELOPE_SOURCE = 2;
    private static final int ENVELOPE_MOTOR_COMMAND = 11;
    private static final int MOTOR_ID = 1;
    private static final int TIMEOUT_MS = 6;
    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;

    private final byte[] source;

    MotorCommandEncoder(String source) {
        this.source = source.getBytes(StandardCharsets.UTF_8);
        if (this.source.length > 200) {
            throw new IllegalArgumentException("source '" + source + "' is longer than 200 bytes");
        }
    }

    /**
     * Encodes one command into {@code out} from index 0; returns the length.
     *
     * @param target {@link #VELOCITY}, {@link #POSITION}, {@link #EFFORT} or {@link #STOP}
     */
    int encode(byte[] out, long stampNs, int motorId, int target, double value, int timeoutMs) {
        int inner = 0;
        if (motorId != 0) {
            inner += 1 + varintSize(motorId & 0xFFFFFFFFL);
        }
        inner += target == STOP ? 2 : 9;
        if (timeoutMs != 0) {
            inner += 1 + varintSize(timeoutMs & 0xFFFFFFFFL);
        }
        int p = 0;
        if (stampNs != 0) {
            out[p++] = tag(ENVELOPE_STAMP_NS, VARINT);
            p = varint(out, p, stampNs);
        }
        if (source.length > 0) {
            out[p++] = tag(ENVELOPE_SOURCE, LENGTH_DELIMITED);
            p = varint(out, p, source.length);
            System.arraycopy(source, 0, out, p, source.length);
            p += source.length;
        }
        // field 11, wire type 2: tag 90 fits one byte
        out[p++] = tag(ENVELOPE_MOTOR_COMMAND, LENGTH_DELIMITED);
        p = varint(out, p, inner);
        if (motorId != 0) {
            out[p++] = tag(MOTOR_ID, VARINT);
            p = varint(out, p, motorId & 0xFFFFFFFFL);
        }
        if (target == STOP) {
            out[p++] = tag(STOP, VARINT);
            out[p++] = 1;
        } else {
            out[p++] = tag(target, FIXED64);
            long bits = Double.doubleToRawLongBits(value);
            for (int i = 0; i < 8; i++) {
                out[p++] = (byte) (bits >>> (8 * i));
            }
        }
        if (timeoutMs != 0) {
            out[p++] = tag(TIMEOUT_MS, VARINT);
            p = varint(out, p, timeoutMs & 0xFFFFFFFFL);
        }
        return p;
    }

    private static byte tag(int field, int wireType) {
        return (byte) ((field << 3) | wireType);
    }

    private static int varint(byte[] out, int p, long v) {
        while ((v & ~0x7FL) != 0) {
            out[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[p++] = (byte) v;
        return p;
    }

    private static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            n++;
            v >>>= 7;
        }
        return n;
    }
}
