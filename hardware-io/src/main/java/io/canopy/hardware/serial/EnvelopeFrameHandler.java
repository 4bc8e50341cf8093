package io.canopy.hardware.serial;

import com.google.protobuf.CodedInputStream;
import io.canopy.hardware.wire.FrameError;
import io.canopy.hardware.wire.FrameHandler;
import io.canopy.proto.Envelope;
import io.canopy.tick.NanoClock;
import java.io.IOException;

/**
 * Turns good frames into Envelopes for a {@link LinkSink}; a payload that is not a valid Envelope is
 * refused (the decoder counts it as {@link FrameError#UNPARSABLE}); bad frames are logged, rate-limited,
 * with the port and byte offset. Runs on the reader thread.
 */
final class EnvelopeFrameHandler implements FrameHandler {
    private final SerialLink link;
    private final String port;
    private final LinkSink sink;
    private final NanoClock clock;
    private final RateLimitedLog log;

    EnvelopeFrameHandler(SerialLink link, String port, LinkSink sink, NanoClock clock, RateLimitedLog log) {
        this.link = link;
        this.port = port;
        this.sink = sink;
        this.clock = clock;
        this.log = log;
    }

    @Override
    public boolean onFrame(int seq, byte[] payload, int off, int len) {
        Envelope envelope;
        try {
            envelope = Envelope.parseFrom(CodedInputStream.newInstance(payload, off, len));
        } catch (IOException e) {
            return false; // InvalidProtocolBufferException
        }
        long now = clock.nanoTime();
        if (link != null) { // tests decode without a link
            link.frameArrived(now);
        }
        sink.onEnvelope(link, envelope, now);
        return true;
    }

    @Override
    public void onError(FrameError kind, long streamOffset, int length) {
        log.badFrame(port, kind, streamOffset, length);
    }
}
