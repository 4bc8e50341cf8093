package io.canopy.hardware.wire;

/**
 * Consistent Overhead Byte Stuffing (Cheshire and Baker, 1999): removes every {@code 0x00} from a block
 * so that {@code 0x00} can delimit frames. Each run of up to 254 non-zero bytes is preceded by a code
 * byte: the run length plus one; a code below {@code 0xFF} stands for "run, then a zero" (the final
 * implicit zero is dropped). Overhead: at most one byte per 254 bytes, plus one.
 *
 * <p>Examples: {@code 00} → {@code 01 01}; {@code 11 22 00 33} → {@code 03 11 22 02 33}; 254 non-zero
 * bytes → {@code FF} + the bytes + {@code 01}. Allocation-free.
 */
public final class Cobs {
    private Cobs() {}

    /** The largest encoding of {@code len} bytes. */
    public static int maxEncodedLength(int len) {
        return len + len / 254 + 1;
    }

    /**
     * Encodes {@code len} bytes of {@code src} from {@code srcOff} into {@code dst} from {@code dstOff}
     * (which must hold {@link #maxEncodedLength}); returns the number of bytes written. No delimiter.
     */
    public static int encode(byte[] src, int srcOff, int len, byte[] dst, int dstOff) {
        int codeIndex = dstOff;
        int out = dstOff + 1;
        int code = 1;
        for (int i = srcOff, end = srcOff + len; i < end; i++) {
            byte b = src[i];
            if (b == 0) {
                dst[codeIndex] = (byte) code;
                codeIndex = out++;
                code = 1;
            } else {
                dst[out++] = b;
                code++;
                if (code == 0xFF) {
                    dst[codeIndex] = (byte) code;
                    codeIndex = out++;
                    code = 1;
                }
            }
        }
        dst[codeIndex] = (byte) code;
        return out - dstOff;
    }

    /**
     * Decodes {@code len} encoded bytes (without the delimiter) into {@code dst}; returns the decoded
     * length, or -1 when the input is not valid COBS (a zero byte, or a code that runs past the end) or
     * the result would not fit in {@code dst} from {@code dstOff}.
     */
    public static int decode(byte[] src, int srcOff, int len, byte[] dst, int dstOff) {
        int in = srcOff;
        int end = srcOff + len;
        int out = dstOff;
        int limit = dst.length;
        while (in < end) {
            int code = src[in++] & 0xFF;
            if (code == 0) {
                return -1;
            }
            int runEnd = in + code - 1;
            if (runEnd > end || out + code - 1 > limit) {
                return -1;
            }
            while (in < runEnd) {
                byte b = src[in++];
                if (b == 0) {
                    return -1;
                }
                dst[out++] = b;
            }
            if (code != 0xFF && in < end) {
                if (out >= limit) {
                    return -1;
                }
                dst[out++] = 0;
            }
        }
        return out - dstOff;
    }
}
