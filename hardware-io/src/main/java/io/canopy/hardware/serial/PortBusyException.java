package io.canopy.hardware.serial;

import java.io.IOException;

/**
 * A serial port that another process (or another link of this one) holds: two drivers on one bus would interleave
 * their frames, so the open is refused rather than retried. The message is one line naming the port, the holder's
 * pid and command line, and how to free it.
 */
public final class PortBusyException extends IOException {
    private static final long serialVersionUID = 1L;

    public PortBusyException(String message) {
        super(message);
    }
}
