package io.canopy.launch.record;

import io.canopy.launch.LaunchPlan;
import io.canopy.launch.NodePlan;
import io.canopy.launch.run.NodeTap;
import java.nio.file.Path;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** {@code canopy run}'s recording options (a picocli mixin): {@code --record FILE}, {@code --record-max-size SIZE}. */
public final class RecordOptions {
    @Option(names = "--record", paramLabel = "FILE.mcap",
            description = "Record every input, output and transition to an MCAP file (open it in Foxglove; canopy bag info).")
    Path record;

    @Option(names = "--record-max-size", paramLabel = "SIZE", defaultValue = "0",
            description = "Start a new file (run-001.mcap, run-002.mcap, ...) when one reaches this size: 500M, 2G, 100k (default: never).")
    String maxSize;

    private RecordSession session;

    /** The taps for LaunchRunner.start: null without --record; starts the recording. */
    public Function<NodePlan, NodeTap> taps(LaunchPlan plan) {
        if (record == null) {
            return null;
        }
        session = RecordSession.start(record, plan, bytes(maxSize));
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "canopy-record-close"));
        return session::tap;
    }

    /** Ends the recording (idempotent); after the nodes shut down. */
    public synchronized void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }

    static long bytes(String text) {
        String t = text.strip().toUpperCase(java.util.Locale.ROOT);
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
            throw new io.canopy.InputException("--record-max-size \"" + text + "\": not a size; write for example 500M or 2G");
        }
    }
}
