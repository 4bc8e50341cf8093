package io.canopy.bt.scenario;

import io.canopy.bt.Status;
import io.canopy.bt.standin.StandInLog;
import java.util.List;
import java.util.Map;

/**
 * Counts the ticks and halts of a case's stand-ins under their type ID and, when it differs, their name (for
 * {@code expect.ticks} / {@code expect.halts}), and traces them by name ({@code ClearLocal:SUCCESS}).
 */
final class StandInCounts implements StandInLog {
    private final Map<String, LeafScript> scripts;
    private final List<String> trace;

    StandInCounts(Map<String, LeafScript> scripts, List<String> trace) {
        this.scripts = scripts;
        this.trace = trace;
    }

    @Override
    public void ticked(String typeId, String name, Status status) {
        script(typeId).ticks++;
        if (!name.equals(typeId)) {
            script(name).ticks++;
        }
        trace.add(name + ":" + status);
    }

    @Override
    public void halted(String typeId, String name) {
        script(typeId).halts++;
        if (!name.equals(typeId)) {
            script(name).halts++;
        }
        trace.add(name + ":HALT");
    }

    private LeafScript script(String key) {
        return scripts.computeIfAbsent(key, k -> new LeafScript(k, new Status[] {Status.SUCCESS}, trace));
    }
}
