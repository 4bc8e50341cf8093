package io.canopy.launch.foxglove;

/** Takes encoded well-known messages from a source's {@code drain} (an MCAP writer, the WebSocket server). */
@FunctionalInterface
public interface MessageSink {
    /**
     * One message of the source's channel {@code channel} (its index in the source's {@code channels()}), logged at
     * {@code logTimeNs} (ns since the epoch); {@code data[offset, offset+length)} is valid during the call only.
     */
    void message(int channel, long logTimeNs, byte[] data, int offset, int length);
}
