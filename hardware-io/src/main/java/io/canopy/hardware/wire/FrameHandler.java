package io.canopy.hardware.wire;

/** Receives what a {@link FrameDecoder} finds; called on the thread that feeds the decoder. */
public interface FrameHandler {
    /**
     * A frame with a good CRC. The bytes are valid only during the call.
     *
     * @return false when the payload is unusable (not a valid Envelope): the decoder counts it as
     *     {@link FrameError#UNPARSABLE}
     */
    boolean onFrame(int seq, byte[] payload, int off, int len);

    /**
     * Something bad on the wire, already counted; the decoder resynchronises at the next delimiter.
     *
     * @param streamOffset byte offset, since the decoder started, of the first byte of the bad frame
     * @param length       bytes of the bad frame (for {@link FrameError#SEQ_GAP}: the number of frames lost)
     */
    default void onError(FrameError kind, long streamOffset, int length) {}
}
