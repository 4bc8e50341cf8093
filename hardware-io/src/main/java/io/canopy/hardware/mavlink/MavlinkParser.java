package io.canopy.hardware.mavlink;

/**
 * Finds MAVLink frames in a byte stream, one byte at a time, and checks them: MAVLink 2 ({@code 0xFD}) and
 * MAVLink 1 ({@code 0xFE}) framing, the checksum with the message's CRC_EXTRA, payload truncation (a short
 * payload is zero-extended), a signature skipped (not verified: signing is out of scope). Bytes outside frames,
 * bad checksums, unknown message ids, unsupported incompatibility flags and frames cut short are each counted and
 * never thrown. A candidate frame that fails (a wrong checksum, an unknown id, a payload longer than its message)
 * is rescanned from the byte after its start marker, so a truncated frame never swallows the good frame behind
 * it: the bytes of a candidate stay in a window until it is accepted or rejected. One thread (the link's
 * reader); allocation-free.
 */
public final class MavlinkParser {
    /** Receives each good frame; {@code payload} holds 255 bytes, zero past the received length. */
    public interface Handler {
        void onMessage(MessageSpec spec, int sysid, int compid, int seq, byte[] payload);
    }

    private static final int IDLE = 0;
    private static final int HEADER = 1;
    private static final int PAYLOAD = 2;
    private static final int CRC = 3;
    private static final int SIGNATURE = 4;
    /** After a frame of an unknown message: it is believed only when a start marker follows right after it. */
    private static final int CHECK_NEXT = 5;
    private static final int SIGNATURE_LEN = 13;

    private final Handler handler;
    /** The current candidate frame from {@code start}, and bytes not parsed yet from {@code pos} to {@code end}. */
    private final byte[] window = new byte[1024];
    private int start;
    private int pos;
    private int end;
    private final byte[] header = new byte[10];
    private final byte[] payload = new byte[255];
    private int state = IDLE;
    private boolean v2;
    private boolean unknown;
    private int headerLen;
    private int headerPos;
    private int payloadLen;
    private int payloadPos;
    private int crcLo;
    private int crcPos;
    private int sigPos;
    private int crc;
    private long frames;
    private long crcErrors;
    private long unknownMessages;
    private long unsupportedFlags;
    private long garbageBytes;
    private long garbageRuns;
    private boolean inGarbage;
    private long v1Frames;

    public MavlinkParser(Handler handler) {
        this.handler = handler;
    }

    /** Feeds {@code len} bytes. */
    public void feed(byte[] buf, int off, int len) {
        for (int i = 0; i < len; i++) {
            feed(buf[off + i] & 0xFF);
        }
    }

    /** Feeds one byte (0..255). */
    public void feed(int b) {
        if (end == window.length) {
            int n = end - start;
            System.arraycopy(window, start, window, 0, n);
            pos -= start;
            end = n;
            start = 0;
        }
        window[end++] = (byte) b;
        while (pos < end) {
            step(window[pos++] & 0xFF);
        }
        if (state == IDLE) {
            start = pos;
        }
        if (start == end) {
            start = 0;
            pos = 0;
            end = 0;
        }
    }

    /** A candidate frame failed: parse again from the byte after its start marker. */
    private void reject() {
        state = IDLE;
        pos = start + 1;
    }

    private void step(int b) {
        switch (state) {
            case IDLE:
                if (b == MavlinkFrames.STX_V2 || b == MavlinkFrames.STX_V1) {
                    start = pos - 1;
                    v2 = b == MavlinkFrames.STX_V2;
                    headerLen = v2 ? 9 : 5;
                    headerPos = 0;
                    crc = X25Crc.INIT;
                    state = HEADER;
                    inGarbage = false;
                } else {
                    start = pos;
                    garbageBytes++;
                    if (!inGarbage) {
                        inGarbage = true;
                        garbageRuns++;
                    }
                }
                return;
            case HEADER:
                header[headerPos++] = (byte) b;
                crc = X25Crc.accumulate(crc, b);
                if (headerPos == headerLen) {
                    payloadLen = header[0] & 0xFF;
                    payloadPos = 0;
                    state = payloadLen == 0 ? CRC : PAYLOAD;
                    crcPos = 0;
                }
                return;
            case PAYLOAD:
                payload[payloadPos++] = (byte) b;
                crc = X25Crc.accumulate(crc, b);
                if (payloadPos == payloadLen) {
                    state = CRC;
                    crcPos = 0;
                }
                return;
            case CRC:
                if (crcPos == 0) {
                    crcLo = b;
                    crcPos = 1;
                    return;
                }
                finishFrame(crcLo | b << 8);
                return;
            case SIGNATURE:
                if (++sigPos == SIGNATURE_LEN) {
                    state = unknown ? CHECK_NEXT : IDLE;
                    if (state == IDLE) {
                        start = pos;
                    }
                }
                return;
            case CHECK_NEXT:
                unknown = false;
                if (b == MavlinkFrames.STX_V2 || b == MavlinkFrames.STX_V1) {
                    unknownMessages++;
                    state = IDLE;
                    step(b);
                } else {
                    reject(); // no frame follows: the "unknown message" was bytes that looked like a header
                }
                return;
            default:
                state = IDLE;
        }
    }

    private void finishFrame(int received) {
        int msgId = v2 ? (header[6] & 0xFF) | (header[7] & 0xFF) << 8 | (header[8] & 0xFF) << 16 : header[4] & 0xFF;
        int incompat = v2 ? header[1] & 0xFF : 0;
        sigPos = 0;
        MessageSpec spec = MavlinkMessages.byId(msgId);
        if (spec == null) {
            // its CRC_EXTRA is unknown, so it cannot be checked: skipped whole when another frame starts right after it
            unknown = true;
            state = (incompat & 0x01) != 0 ? SIGNATURE : CHECK_NEXT;
            return;
        }
        if (payloadLen > spec.maxLength() || ((crc = X25Crc.accumulate(crc, spec.crcExtra())) & 0xFFFF) != received) {
            crcErrors++;
            reject();
            return;
        }
        state = (incompat & 0x01) != 0 ? SIGNATURE : IDLE;
        if (state == IDLE) {
            start = pos;
        }
        if ((incompat & ~0x01) != 0) {
            unsupportedFlags++;
            return;
        }
        for (int i = payloadLen; i < payload.length; i++) {
            payload[i] = 0;
        }
        frames++;
        if (!v2) {
            v1Frames++;
        }
        int seq = header[v2 ? 3 : 1] & 0xFF;
        int sysid = header[v2 ? 4 : 2] & 0xFF;
        int compid = header[v2 ? 5 : 3] & 0xFF;
        handler.onMessage(spec, sysid, compid, seq, payload);
    }

    /** Good frames handed on. */
    public long frames() {
        return frames;
    }

    /** Frames whose checksum did not match. */
    public long crcErrors() {
        return crcErrors;
    }

    /** Frames of messages this codec does not know (skipped unchecked, when a frame starts right after them). */
    public long unknownMessages() {
        return unknownMessages;
    }

    /** Frames with incompatibility flags other than signing (dropped, as MAVLink 2 requires). */
    public long unsupportedFlags() {
        return unsupportedFlags;
    }

    /** Bytes seen outside any frame. */
    public long garbageBytes() {
        return garbageBytes;
    }

    /** Stretches of bytes outside any frame (a line of garbage counts once). */
    public long garbageRuns() {
        return garbageRuns;
    }

    /** Good MAVLink 1 frames among {@link #frames()}. */
    public long v1Frames() {
        return v1Frames;
    }

    /** All bad input so far: checksum errors, unsupported flags and garbage bytes. */
    public long errors() {
        return crcErrors + unsupportedFlags + garbageBytes;
    }
}
