package io.canopy.launch.status;

import io.canopy.bt.observe.MachineRecorder;
import io.canopy.bt.observe.TransitionBatch;
import io.canopy.bt.observe.TransitionRing;
import io.canopy.proto.MachineTransition;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The last transitions of a machine, for one reader thread. With the machine's {@link MachineRecorder}, every
 * transition taken, with its source, targets and event ({@code Patrol -> ReturnToDock on battery}); without
 * one (a machine seen only on MQTT), configuration changes seen from one read to the next.
 */
public final class MachineHistory {
    public static final int KEEP = 8;
    private final ScxmlOutline outline;
    private final MachineRecorder recorder;
    private final TransitionRing.Reader reader;
    private final TransitionBatch batch = new TransitionBatch(256);
    private final LongSupplier clockNs;
    private final ArrayDeque<MachineTransition> last = new ArrayDeque<>();
    private List<String> previous;
    private long count;

    /** From configuration changes only. */
    public MachineHistory(ScxmlOutline outline) {
        this(outline, null, null);
    }

    /** From the recorder's steps; {@code clockNs} is the node's clock (the time base of the steps). */
    public MachineHistory(ScxmlOutline outline, MachineRecorder recorder, LongSupplier clockNs) {
        this.outline = outline;
        this.recorder = recorder;
        this.reader = recorder == null ? null : recorder.steps().reader();
        this.clockNs = clockNs;
    }

    /** Takes what happened since the last call; {@code active} is the configuration now. Returns whether anything did. */
    public boolean update(List<String> active, long epochNs) {
        if (recorder != null) {
            return fromSteps(epochNs);
        }
        if (previous == null) {
            previous = active;
            return false;
        }
        if (previous.equals(active)) {
            return false;
        }
        add(MachineTransition.newBuilder().addAllFrom(outline.leaves(previous)).addAllTo(outline.leaves(active))
                .setStampNs(epochNs).build());
        previous = active;
        return true;
    }

    private boolean fromSteps(long epochNs) {
        boolean any = false;
        long nowNs = clockNs.getAsLong();
        int n;
        while ((n = reader.poll(batch)) > 0) {
            for (int k = 0; k < n; k++) {
                long p = batch.packed(k);
                if (MachineRecorder.kind(p) != MachineRecorder.TRANSITION) {
                    continue;
                }
                add(parse(recorder.text(p), epochNs - (nowNs - batch.timeNs(k))));
                any = true;
            }
            if (n < batch.capacity()) {
                break;
            }
        }
        return any;
    }

    /** {@code Patrol -> ReturnToDock on battery [cond]}, {@code A -> (targetless) (eventless)}: source, targets, event. */
    static MachineTransition parse(String text, long stampNs) {
        MachineTransition.Builder b = MachineTransition.newBuilder().setStampNs(stampNs);
        int arrow = text.indexOf(" -> ");
        if (arrow < 0) {
            return b.addTo(text).build();
        }
        b.addFrom(text.substring(0, arrow));
        String rest = text.substring(arrow + 4);
        int cond = rest.indexOf(" [");
        if (cond >= 0) {
            rest = rest.substring(0, cond);
        }
        int on = rest.indexOf(" on ");
        String targets = rest;
        if (on >= 0) {
            b.setEvent(rest.substring(on + 4));
            targets = rest.substring(0, on);
        } else if (rest.endsWith(" (eventless)")) {
            targets = rest.substring(0, rest.length() - " (eventless)".length());
        }
        if (!targets.equals("(targetless)")) {
            b.addAllTo(Arrays.asList(targets.split(" ")));
        }
        return b.build();
    }

    private void add(MachineTransition t) {
        count++;
        last.addLast(t);
        while (last.size() > KEEP) {
            last.removeFirst();
        }
    }

    /** Oldest first. */
    public List<MachineTransition> last() {
        return List.copyOf(last);
    }

    public long count() {
        return count;
    }
}
