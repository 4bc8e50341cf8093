package io.canopy.launch.foxglove;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The well-known channels of a recording, for its writer thread: each node's {@link WellKnownSampler} (added when the
 * recorder attaches) and the process's log lines ({@link LogFeed}), registered in the open file as they are first
 * used (again in each file of a split recording), and drained into it beside the recorder's own channels.
 */
public final class WellKnownRecording implements AutoCloseable {
    /** What the recording's file offers (its MCAP writer): registering a schema and a channel. */
    public interface File {
        int schema(String name, String encoding, byte[] data) throws IOException;

        int channel(int schemaId, String topic, String encoding, Map<String, String> metadata) throws IOException;
    }

    private final LogFeed log = LogFeed.attach();
    private final List<WellKnownSampler> samplers = new CopyOnWriteArrayList<>();
    private final Map<WellKnownSampler, int[]> ids = new IdentityHashMap<>();
    private final Map<String, Integer> schemas = new HashMap<>();
    private int logChannel = -1;
    private File file;

    /** A node's channels (any thread; before its first tick). */
    public void add(WellKnownSampler sampler) {
        samplers.add(sampler);
    }

    /** Writer thread: a new file; every channel is registered in it when next used. */
    public void file(File next) {
        file = next;
        ids.clear();
        schemas.clear();
        logChannel = -1;
    }

    /** Writer thread: hands every encoded message to {@code put} with its channel's id in the open file. */
    public int drain(MessageSink put) {
        int n = 0;
        for (WellKnownSampler s : samplers) {
            n += s.drain((ch, t, data, off, len) -> put.message(channel(s, ch), t, data, off, len));
        }
        return n + log.drain((ch, t, data, off, len) -> put.message(logChannel(), t, data, off, len));
    }

    private int channel(WellKnownSampler s, int index) {
        int[] of = ids.computeIfAbsent(s, k -> {
            int[] a = new int[s.channels().size()];
            Arrays.fill(a, -1);
            return a;
        });
        if (of[index] < 0) {
            of[index] = register(s.channels().get(index));
        }
        return of[index];
    }

    private int logChannel() {
        if (logChannel < 0) {
            logChannel = register(log.channels().get(0));
        }
        return logChannel;
    }

    private int register(Channel c) {
        try {
            Integer schema = schemas.get(c.schemaName());
            if (schema == null) {
                schema = file.schema(c.schemaName(), Channel.ENCODING, c.schema());
                schemas.put(c.schemaName(), schema);
            }
            return file.channel(schema, c.topic(), Channel.ENCODING, Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Detaches the log feed. */
    @Override
    public void close() {
        log.detach();
    }
}
