package io.canopy.launch.record;

import com.google.protobuf.Message;
import java.io.IOException;

/**
 * Channels a recording writes beside Canopy's own, in another tool's schemas (Foxglove's well-known ones:
 * {@code foxglove.PoseInFrame}, {@code FrameTransform}, {@code Log}). One per recorded node, made when the node attaches
 * by the factory given to {@link RecordSession#channels}; drained by the recording's writer thread (never the tick
 * thread), so an implementation reads its own preallocated ring there. Replay neither makes nor compares them.
 */
public interface RecordChannels {
    /** Tick thread, after each timer's cycle at the node's time: samples into a preallocated ring (no allocation). */
    default void afterCycle(long nowNs) {
    }

    /** When the recording ends (after the last drain). */
    default void close() {
    }

    /** Writer thread, every few milliseconds and once more at the end: writes what is pending; returns how many. */
    int drain(Out out) throws IOException;

    /** Where a drain writes. */
    interface Out {
        /**
         * One message on {@code topic} (under the node's prefix: {@code robot1/controller/} + topic), at {@code nodeNs} on
         * the node clock; its schema (the message's .proto file and its imports) is embedded with the channel's first one.
         */
        void put(String topic, long nodeNs, Message message) throws IOException;
    }
}
