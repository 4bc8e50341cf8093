package io.canopy.hardware.serial;

import io.canopy.hardware.wire.FrameError;
import io.canopy.tick.NanoClock;
import org.slf4j.Logger;

/**
 * Logs bad input from one port at most once per interval and kind, and says how many similar lines it
 * suppressed, so a line full of noise cannot flood the log. Used by the reader thread only.
 */
final class RateLimitedLog {
    private final Logger log;
    private final NanoClock clock;
    private final long intervalNs;
    private final long[] lastNs = new long[FrameError.values().length];
    private final boolean[] logged = new boolean[FrameError.values().length];
    private final long[] suppressed = new long[FrameError.values().length];

    RateLimitedLog(Logger log, NanoClock clock, long intervalNs) {
        this.log = log;
        this.clock = clock;
        this.intervalNs = intervalNs;
    }

    /** Logs (or counts as suppressed) one bad frame. */
    void badFrame(String port, FrameError kind, long offset, int length) {
        int k = kind.ordinal();
        long now = clock.nanoTime();
        if (logged[k] && now - lastNs[k] < intervalNs) {
            suppressed[k]++;
            return;
        }
        String more = suppressed[k] == 0 ? "" : " [" + suppressed[k] + " more " + kind + " suppressed since the last line]";
        logged[k] = true;
        lastNs[k] = now;
        suppressed[k] = 0;
        if (kind == FrameError.SEQ_GAP) {
            log.warn("serial {}: {} frame(s) lost before byte offset {} (seq gap); the line drops data: check"
                    + " baud rate, cable and flow control{}", port, length, offset, more);
        } else if (kind == FrameError.HANDLER_FAILED) {
            log.error("serial {}: the receiver of the frame at byte offset {} threw; frame dropped (a bug, not"
                    + " bad input){}", port, offset, more);
        } else {
            log.warn("serial {}: {} in the frame at byte offset {} ({} bytes); dropped up to the next 0x00: check"
                    + " that the peer speaks docs/wire-format.md at the same baud rate{}",
                    port, kind.description(), offset, length, more);
        }
    }

    /** Whether a line of this kind would be logged now (tests). */
    long suppressed(FrameError kind) {
        return suppressed[kind.ordinal()];
    }
}
