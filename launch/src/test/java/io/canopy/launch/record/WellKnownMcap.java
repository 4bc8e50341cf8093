package io.canopy.launch.record;

import io.canopy.launch.foxglove.WellKnownRecording;
import io.canopy.launch.foxglove.WellKnownSampler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Test stand-in for the recorder's hook (at merge {@code RecordSession} drains a {@link WellKnownRecording} beside its
 * own channels): writes the well-known channels of the samplers and the log, and nothing else, into an MCAP file with
 * the recorder's own {@link McapWriter}, on a writer thread that drains every 5 ms as {@code RecordSession}'s does.
 */
public final class WellKnownMcap implements AutoCloseable {
    private final McapWriter mcap;
    private final WellKnownRecording wellKnown = new WellKnownRecording();
    private final Thread writer;
    private volatile boolean running = true;
    private long written;

    public WellKnownMcap(Path file) {
        try {
            mcap = new McapWriter(file, "canopy", "zstd");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        wellKnown.file(new WellKnownRecording.File() {
            @Override
            public int schema(String name, String encoding, byte[] data) throws IOException {
                return mcap.schema(name, encoding, data);
            }

            @Override
            public int channel(int schemaId, String topic, String encoding, Map<String, String> metadata) throws IOException {
                return mcap.channel(schemaId, topic, encoding, metadata);
            }
        });
        writer = new Thread(this::run, "well-known-mcap");
        writer.setDaemon(true);
        writer.start();
    }

    public void add(WellKnownSampler sampler) {
        wellKnown.add(sampler);
    }

    private void run() {
        while (running) {
            drainAll();
            LockSupport.parkNanos(5_000_000L);
        }
    }

    private synchronized void drainAll() {
        wellKnown.drain((ch, t, data, off, len) -> mcap.message(ch, (int) written++, t, t, data, off, len));
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
        wellKnown.close();
    }
}
