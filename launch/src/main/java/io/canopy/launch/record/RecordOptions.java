package io.canopy.launch.record;

import io.canopy.InputException;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.run.NodeTap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

/** {@code canopy run}'s recording options (a picocli mixin): {@code --record FILE}, {@code --record-max-size SIZE}. */
public final class RecordOptions {
    private static final Logger LOG = LoggerFactory.getLogger(RecordOptions.class);

    @Option(names = "--record", paramLabel = "FILE.mcap",
            description = "Record every input, output and transition to an MCAP file (open it in Foxglove; canopy bag info).")
    Path record;

    @Option(names = "--record-max-size", paramLabel = "SIZE", defaultValue = "0",
            description = "Start a new file (run-001.mcap, run-002.mcap, ...) when one reaches this size: 500M, 2G, 100k (default: never).")
    String maxSize;

    /** The smallest --record-max-size: each file starts with about 30 kB of schemas and attachments (the demo's). */
    static final long MIN_SIZE = 64 << 10;

    private RecordSession session;

    /** The taps for LaunchRunner.start: null without --record; starts the recording. */
    public Function<NodePlan, NodeTap> taps(LaunchPlan plan) {
        if (record == null) {
            return null;
        }
        long max = bytes(maxSize);
        if (max > 0 && max < MIN_SIZE) {
            throw new InputException("--record-max-size " + maxSize + ": below 64k; each file repeats the schemas and "
                    + "the launch, tree and machine files (about 30 kB for the demo), so give 64k or more (for example 100M)");
        }
        session = RecordSession.start(record, plan, max).channels(WellKnownChannels.factory());
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "canopy-record-close"));
        return session::tap;
    }

    /**
     * The node did not start (a busy port, a missing device): ends the recording and deletes what it wrote, so a
     * failed start leaves no empty {@code run.mcap} behind to be mistaken for a recording.
     */
    public synchronized void abandon() {
        if (session != null) {
            session.close();
            for (Path f : session.files()) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    LOG.warn("the node did not start; could not delete the empty recording {}: {}", f, e.getMessage());
                }
            }
            session = null;
        }
    }

    /** Ends the recording (idempotent); after the nodes shut down. */
    public synchronized void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }

    static long bytes(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("K")) {
            unit = 1L << 10;
        } else if (t.endsWith("M")) {
            unit = 1L << 20;
        } else if (t.endsWith("G")) {
            unit = 1L << 30;
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            return Long.parseLong(digits) * unit;
        } catch (NumberFormatException e) {
            throw new InputException("--record-max-size \"" + text + "\": not a size; write for example 500M or 2G");
        }
    }
}
