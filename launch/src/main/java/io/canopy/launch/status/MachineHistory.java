package io.canopy.launch.status;

import io.canopy.proto.MachineTransition;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The last transitions of a machine, seen by comparing its active configuration from one read to the next
 * (reads at the status rate: two transitions between reads show as one). One reader thread.
 */
public final class MachineHistory {
    public static final int KEEP = 8;
    private final ScxmlOutline outline;
    private final ArrayDeque<MachineTransition> last = new ArrayDeque<>();
    private List<String> previous;
    private long count;

    public MachineHistory(ScxmlOutline outline) {
        this.outline = outline;
    }

    /** Records a transition when {@code active} differs from the last configuration; returns whether it did. */
    public boolean update(List<String> active, long epochNs) {
        if (previous == null) {
            previous = active;
            return false;
        }
        if (previous.equals(active)) {
            return false;
        }
        MachineTransition t = MachineTransition.newBuilder().addAllFrom(outline.leaves(previous)).addAllTo(outline.leaves(active))
                .setStampNs(epochNs).build();
        previous = active;
        count++;
        last.addLast(t);
        while (last.size() > KEEP) {
            last.removeFirst();
        }
        return true;
    }

    /** Oldest first. */
    public List<MachineTransition> last() {
        return List.copyOf(last);
    }

    public long count() {
        return count;
    }
}
