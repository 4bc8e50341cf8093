package io.canopy.tick.realtime;

import java.util.List;

/**
 * What a thread got of its {@link RealtimeOptions}: one line per knob asked for, each saying "applied" or
 * why it was refused ({@code "SCHED_FIFO 80: refused: EPERM (needs root or CAP_SYS_NICE)"}).
 */
public final class RealtimeReport {
    private final List<String> lines;
    private final boolean allApplied;

    RealtimeReport(List<String> lines, boolean allApplied) {
        this.lines = List.copyOf(lines);
        this.allApplied = allApplied;
    }

    /** One line per knob asked for; empty when none was. */
    public List<String> lines() {
        return lines;
    }

    /** True when every knob asked for was applied. */
    public boolean allApplied() {
        return allApplied;
    }

    @Override
    public String toString() {
        return lines.isEmpty() ? "no real-time options" : String.join("; ", lines);
    }
}
