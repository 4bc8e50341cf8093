package io.canopy.launch.record;

import com.google.protobuf.ByteString;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.launch.foxglove.Channel;
import io.canopy.launch.foxglove.FoxgloveSchemas;
import io.canopy.launch.foxglove.LogFeed;
import io.canopy.launch.foxglove.MessageSink;
import io.canopy.launch.foxglove.WellKnownSampler;
import io.canopy.launch.run.NodeView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;

/**
 * Foxglove's well-known channels in a recording, beside Canopy's own: the node's pose ({@code foxglove.PoseInFrame},
 * {@code FrameTransform}), each tree's running action and each machine's state, and (for the first node of a
 * recording) the process's log lines as {@code foxglove.Log}. The tick encodes into the sampler's preallocated ring;
 * the recording's writer thread parses each message against Foxglove's schema and writes it (see
 * {@link RecordChannels}).
 */
final class WellKnownChannels implements RecordChannels {
    private final WellKnownSampler sampler;
    private final String prefix;
    /** The process's log lines, for one node of the recording only; null for the others. */
    private final LogFeed log;
    private final long epochOffsetNs = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
    private IOException failed;

    private WellKnownChannels(NodeView node, boolean withLog) {
        this.sampler = WellKnownSampler.of(node, epochOffsetNs);
        this.prefix = node.name() + "/";
        this.log = withLog ? LogFeed.attach() : null;
    }

    /** A factory for {@link RecordSession#channels}: the first node made by it also records the log. */
    static Function<NodeView, RecordChannels> factory() {
        boolean[] first = {true};
        return node -> {
            synchronized (first) {
                boolean withLog = first[0];
                first[0] = false;
                return new WellKnownChannels(node, withLog);
            }
        };
    }

    @Override
    public void afterCycle(long nowNs) {
        sampler.afterCycle(nowNs);
    }

    @Override
    public int drain(Out out) throws IOException {
        List<Channel> channels = sampler.channels();
        int n = sampler.drain(sink(out, channels));
        if (log != null) {
            n += log.drain(sink(out, log.channels()));
        }
        if (failed != null) {
            IOException e = failed;
            failed = null;
            throw e;
        }
        return n;
    }

    private MessageSink sink(Out out, List<Channel> channels) {
        return (index, epochNs, data, off, len) -> {
            Channel c = channels.get(index);
            String topic = c.topic().startsWith(prefix) ? c.topic().substring(prefix.length()) : c.topic();
            try {
                DynamicMessage m = DynamicMessage.parseFrom(FoxgloveSchemas.type(c.schemaName()),
                        ByteString.copyFrom(data, off, len));
                out.put(topic, epochNs - epochOffsetNs, m);
            } catch (InvalidProtocolBufferException e) {
                throw new UncheckedIOException("well-known channel " + c.topic() + ": " + e.getMessage(), e);
            } catch (IOException e) {
                failed = e;
            }
        };
    }

    @Override
    public void close() {
        if (log != null) {
            log.detach();
        }
    }
}
