package io.canopy.hardware.wire;

/** What can be wrong with bytes read from the wire; each kind has its own counter. */
public enum FrameError {
    /** The bytes between two delimiters are not valid COBS. */
    BAD_COBS("bad COBS encoding"),
    /** The decoded body is shorter than seq + CRC (3 bytes). */
    SHORT("frame shorter than 3 bytes (seq + CRC)"),
    /** The CRC-16/XMODEM over seq and payload does not match the last two bytes. */
    BAD_CRC("CRC mismatch"),
    /** More than 1024 payload bytes before a delimiter. */
    OVERSIZE("frame longer than 1024 payload bytes"),
    /** The payload passed the CRC but is not a valid Envelope. */
    UNPARSABLE("payload is not a valid Envelope"),
    /** Frames were lost: the seq byte skipped values (counted once per gap; see lostFrames). */
    SEQ_GAP("sequence gap"),
    /** The receiving code threw on a good frame (a bug, not bad input). */
    HANDLER_FAILED("frame handler threw");

    private final String description;

    FrameError(String description) {
        this.description = description;
    }

    /** Human-readable description for log lines. */
    public String description() {
        return description;
    }
}
