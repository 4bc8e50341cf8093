package io.canopy.launch.record;

import io.canopy.launch.foxglove.Channel;
import io.canopy.launch.foxglove.LogFeed;
import io.canopy.launch.foxglove.WellKnownSampler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Test stand-in for the recorder's hook (the lead wires {@link WellKnownSampler} and {@link LogFeed} into
 * {@code RecordSession} at merge): writes the well-known channels of the samplers and the log, and nothing else, into
 * an MCAP file with the recorder's own {@link McapWriter}, on a writer thread that drains them every 5 ms, the way
 * {@code RecordSession}'s does.
 */
public final class WellKnownMcap implements AutoCloseable {
    private record Source(WellKnownSampler sampler, LogFeed log, int[] ids) {}

    private final McapWriter mcap;
    private final List<Source> sources = new ArrayList<>();
    private final Map<String, Integer> schemas = new HashMap<>();
    private final Thread writer;
    private volatile boolean running = true;
    private long written;

    public WellKnownMcap(Path file) {
        try {
            mcap = new McapWriter(file, "canopy", "zstd");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        writer = new Thread(this::run, "well-known-mcap");
        writer.setDaemon(true);
        writer.start();
    }

    public synchronized void add(WellKnownSampler sampler) {
        sources.add(new Source(sampler, null, register(sampler.channels())));
    }

    public synchronized void add(LogFeed log) {
        sources.add(new Source(null, log, register(log.channels())));
    }

    private int[] register(List<Channel> channels) {
        int[] ids = new int[channels.size()];
        try {
            for (int i = 0; i < ids.length; i++) {
                Channel c = channels.get(i);
                Integer schema = schemas.get(c.schemaName());
                if (schema == null) {
                    schema = mcap.schema(c.schemaName(), Channel.ENCODING, c.schema());
                    schemas.put(c.schemaName(), schema);
                }
                ids[i] = mcap.channel(schema, c.topic(), Channel.ENCODING, Map.of());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ids;
    }

    private void run() {
        while (running) {
            drainAll();
            LockSupport.parkNanos(5_000_000L);
        }
    }

    private synchronized void drainAll() {
        for (Source s : sources) {
            int[] ids = s.ids;
            if (s.sampler != null) {
                s.sampler.drain((ch, t, data, off, len) -> put(ids[ch], t, data, off, len));
            } else {
                s.log.drain((ch, t, data, off, len) -> put(ids[ch], t, data, off, len));
            }
        }
    }

    private void put(int channel, long t, byte[] data, int off, int len) {
        mcap.message(channel, (int) written++, t, t, data, off, len);
    }

    public synchronized long written() {
        return written;
    }

    @Override
    public void close() throws IOException {
        running = false;
        LockSupport.unpark(writer);
        try {
            writer.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drainAll();
        synchronized (this) {
            mcap.close();
        }
    }
}
