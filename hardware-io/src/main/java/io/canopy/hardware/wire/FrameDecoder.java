package io.canopy.hardware.wire;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Streaming frame decoder: takes bytes as they come, in chunks of any size, and hands each good frame to
 * a {@link FrameHandler}. After any error (bad COBS, short body, bad CRC, oversize, unparsable payload)
 * it drops the bytes up to the next {@code 0x00} and starts over; errors are counted by kind and
 * reported with their byte offset. It never throws out of {@link #accept}, whatever the bytes (a
 * throwing handler is counted as {@link FrameError#HANDLER_FAILED}). Allocation-free.
 *
 * <p>One thread feeds it (the port's reader); the counters may be read from any thread.
 */
public final class FrameDecoder {
    private static final int KINDS = FrameError.values().length;
    private static final FrameError[] ERRORS = FrameError.values();

    private final FrameHandler handler;
    private final byte[] encoded = new byte[FrameFormat.MAX_ENCODED_BODY];
    private final byte[] body = new byte[FrameFormat.MAX_BODY];
    private final AtomicLongArray errors = new AtomicLongArray(KINDS);
    private volatile long frames;
    private volatile long lostFrames;
    private volatile long bytes;

    private int encodedLen;
    private boolean discarding;
    private long frameStart;
    private int expectedSeq = -1;

    public FrameDecoder(FrameHandler handler) {
        if (handler == null) {
            throw new IllegalArgumentException("handler is null");
        }
        this.handler = handler;
    }

    /** Feeds {@code len} bytes from {@code off}. Never throws for any content of the bytes. */
    public void accept(byte[] data, int off, int len) {
        long base = bytes - off; // the stream offset of data[i] is base + i
        int end = off + len;
        int i = off;
        while (i < end) {
            int z = i;
            while (z < end && data[z] != FrameFormat.DELIMITER) {
                z++;
            }
            int run = z - i;
            if (run > 0 && !discarding) {
                if (run > encoded.length - encodedLen) {
                    error(FrameError.OVERSIZE, frameStart, encoded.length + 1);
                    discarding = true;
                    encodedLen = 0;
                } else {
                    System.arraycopy(data, i, encoded, encodedLen, run);
                    encodedLen += run;
                }
            }
            if (z == end) {
                break;
            }
            if (discarding) {
                discarding = false;
            } else if (encodedLen > 0) {
                frameEnd(frameStart);
            }
            encodedLen = 0;
            frameStart = base + z + 1;
            i = z + 1;
        }
        bytes = base + end;
    }

    /**
     * Forgets a partial frame and the expected seq: call after the line was interrupted (port reopened),
     * so the first frame after it is neither glued to old bytes nor counted as a gap.
     */
    public void reset() {
        encodedLen = 0;
        discarding = false;
        expectedSeq = -1;
    }

    private void frameEnd(long start) {
        int n = Cobs.decode(encoded, 0, encodedLen, body, 0);
        if (n < 0) {
            error(FrameError.BAD_COBS, start, encodedLen);
            return;
        }
        if (n < 3) {
            error(FrameError.SHORT, start, encodedLen);
            return;
        }
        int payloadLen = n - 3;
        if (payloadLen > FrameFormat.MAX_PAYLOAD) {
            error(FrameError.OVERSIZE, start, encodedLen);
            return;
        }
        int crc = ((body[n - 2] & 0xFF) << 8) | (body[n - 1] & 0xFF);
        if (Crc16Xmodem.compute(body, 0, n - 2) != crc) {
            error(FrameError.BAD_CRC, start, encodedLen);
            return;
        }
        int seq = body[0] & 0xFF;
        if (expectedSeq >= 0 && seq != expectedSeq) {
            int lost = (seq - expectedSeq) & 0xFF;
            lostFrames += lost;
            error(FrameError.SEQ_GAP, start, lost);
        }
        expectedSeq = (seq + 1) & 0xFF;
        boolean ok;
        try {
            ok = handler.onFrame(seq, body, 1, payloadLen);
        } catch (RuntimeException e) {
            error(FrameError.HANDLER_FAILED, start, encodedLen);
            return;
        }
        if (ok) {
            frames++;
        } else {
            error(FrameError.UNPARSABLE, start, encodedLen);
        }
    }

    private void error(FrameError kind, long start, int length) {
        errors.lazySet(kind.ordinal(), errors.get(kind.ordinal()) + 1);
        try {
            handler.onError(kind, start, length);
        } catch (RuntimeException ignored) {
            // the error is counted; a failing report must not stop the read loop
        }
    }

    /** Errors of one kind so far. */
    public long errors(FrameError kind) {
        return errors.get(kind.ordinal());
    }

    /** Errors of every kind except sequence gaps. */
    public long badFrames() {
        long sum = 0;
        for (int i = 0; i < KINDS; i++) {
            if (ERRORS[i] != FrameError.SEQ_GAP) {
                sum += errors.get(i);
            }
        }
        return sum;
    }

    /** Good frames delivered (the handler accepted them). */
    public long frames() {
        return frames;
    }

    /** Frames missing according to the seq byte. */
    public long lostFrames() {
        return lostFrames;
    }

    /** Bytes fed so far. */
    public long bytes() {
        return bytes;
    }
}
