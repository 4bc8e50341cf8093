package io.canopy.bt.observe;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints a state machine's steps next to the trees' {@link ConsoleTrace}, one line each:
 * {@code [   1.250] mission  transition Patrol -> Docking on battery.low}, then its {@code exit} and
 * {@code enter} lines (seconds on the machine's clock since the trace started). {@link #drain()} runs on a
 * monitor thread, never on the tick.
 */
public final class MachineConsoleTrace {
    private final MachineRecorder recorder;
    private final PrintStream out;
    private final TransitionRing.Reader reader;
    private final TransitionBatch batch = new TransitionBatch(1024);
    private final long originNs;
    private long reportedLost;

    /** @param originNs the clock time the trace counts seconds from (the one the trees' traces use) */
    public MachineConsoleTrace(MachineRecorder recorder, PrintStream out, long originNs) {
        this.recorder = recorder;
        this.out = out;
        this.reader = recorder.steps().reader();
        this.originNs = originNs;
    }

    /** Prints the steps since the last call; returns how many were printed. */
    public synchronized int drain() {
        int printed = 0;
        while (reader.poll(batch) > 0) {
            for (int k = 0; k < batch.count(); k++) {
                out.printf(Locale.ROOT, "[%9.3f] %s  %s%n", (batch.timeNs(k) - originNs) / 1e9, recorder.name(),
                        recorder.describe(batch.packed(k)));
                printed++;
            }
        }
        if (reader.lost() != reportedLost) {
            out.printf(Locale.ROOT, "[trace] %s: %d steps lost (the trace fell behind the machine)%n", recorder.name(),
                    reader.lost() - reportedLost);
            reportedLost = reader.lost();
        }
        out.flush();
        return printed;
    }
}
