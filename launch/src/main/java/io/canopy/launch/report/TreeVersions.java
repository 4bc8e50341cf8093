package io.canopy.launch.report;

import com.google.protobuf.Value;
import io.canopy.launch.run.LoadedTree;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.TreeSlot;
import java.time.Instant;

/** A tree's version in the node's info: {@code version} (SHA-256 of its file), {@code label}, {@code since} (UTC). */
final class TreeVersions {
    private TreeVersions() {}

    /** {@code entry} (a tree's object in the info) with the version of tree {@code name} that {@code view} runs now. */
    static Value with(Value entry, NodeView view, String name) {
        for (TreeSlot s : view.treeSlots()) {
            if (s.plan.name().equals(name)) {
                LoadedTree c = s.current();
                return Value.newBuilder().setStructValue(entry.getStructValue().toBuilder()
                        .putFields("version", str(c.sha256))
                        .putFields("label", str(c.label))
                        .putFields("since", str(Instant.ofEpochMilli(c.sinceEpochMs()).toString()))).build();
            }
        }
        return entry;
    }

    private static Value str(String s) {
        return Value.newBuilder().setStringValue(s).build();
    }
}
