package io.canopy.bt.scenario;

import io.canopy.bt.Status;
import java.util.List;

/**
 * The scripted behaviour of one leaf ID of a scenario: the statuses it returns tick after tick (the last one
 * repeats), shared by every instance with that ID, and the counts of ticks and halts.
 */
final class LeafScript {
    final String id;
    private final Status[] returns;
    private final List<String> trace;
    int ticks;
    int halts;

    LeafScript(String id, Status[] returns, List<String> trace) {
        this.id = id;
        this.returns = returns;
        this.trace = trace;
    }

    Status next() {
        Status s = returns[Math.min(ticks, returns.length - 1)];
        ticks++;
        trace.add(id + ":" + s);
        return s;
    }

    void halted() {
        halts++;
        trace.add(id + ":HALT");
    }
}
