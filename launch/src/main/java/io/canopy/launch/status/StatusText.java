package io.canopy.launch.status;

import com.google.protobuf.Message;
import io.canopy.proto.MachineLayout;
import io.canopy.proto.MachineState;
import io.canopy.proto.MachineTransition;
import io.canopy.proto.TreeLayout;
import io.canopy.proto.TreeNodes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The full-status messages as {@code canopy echo} prints them: node statuses grouped by status with the
 * nodes' names when the tree's layout was seen (it is retained, so a wildcard subscription sees it first),
 * machines as their configuration and last transition. Other messages: null (printed the generic way).
 */
public final class StatusText {
    private static final String[] NAMES = {"idle", "running", "success", "failure", "skipped"};
    /** Node names by uid - 1, per tree topic, from the layouts seen. */
    private static final Map<String, List<String>> LAYOUTS = new ConcurrentHashMap<>();

    private StatusText() {}

    public static String format(String topic, Message body) {
        if (body instanceof TreeNodes t) {
            return tree(topic, t);
        }
        if (body instanceof TreeLayout l) {
            List<String> names = new ArrayList<>();
            try {
                for (TreeShape.Node n : TreeShape.parse(l.getXml()).nodes()) {
                    names.add(n.name());
                }
            } catch (RuntimeException e) {
                return "tree_layout { tree: " + l.getTree() + ", unreadable XML: " + e.getMessage() + " }";
            }
            String treeTopic = topic.endsWith("/xml") ? topic.substring(0, topic.length() - 4) : topic;
            LAYOUTS.put(treeTopic, names);
            return "tree_layout { tree: " + l.getTree() + ", " + names.size() + " nodes, layout_crc: "
                    + Integer.toHexString(l.getLayoutCrc()) + ", xml: " + l.getXml().length() + " chars }";
        }
        if (body instanceof MachineState m) {
            StringBuilder sb = new StringBuilder("machine_state { ").append(m.getMachine()).append(": ")
                    .append(String.join(", ", m.getActiveStatesList()));
            if (m.getLastTransitionsCount() > 0) {
                MachineTransition t = m.getLastTransitions(m.getLastTransitionsCount() - 1);
                sb.append(" | last: ").append(String.join(",", t.getFromList())).append(" -> ").append(String.join(",", t.getToList()));
                if (!t.getEvent().isEmpty()) {
                    sb.append(" on ").append(t.getEvent());
                }
                sb.append(" at ").append(Instant.ofEpochSecond(0, t.getStampNs()));
            }
            return sb.append(" | transitions: ").append(m.getTransitions()).append(" }").toString();
        }
        if (body instanceof MachineLayout m) {
            int states;
            try {
                states = ScxmlOutline.parse(m.getScxml(), m.getMachine()).states().size();
            } catch (RuntimeException e) {
                return "machine_layout { machine: " + m.getMachine() + ", unreadable SCXML }";
            }
            return "machine_layout { machine: " + m.getMachine() + ", " + states + " states, scxml: " + m.getScxml().length() + " chars }";
        }
        return null;
    }

    private static String tree(String topic, TreeNodes t) {
        List<String> names = LAYOUTS.get(topic);
        byte[] s = t.getStatuses().toByteArray();
        StringBuilder sb = new StringBuilder("tree_nodes { ").append(t.getTree()).append(" tick ").append(t.getTick())
                .append(t.getActive() ? "" : " (inactive)").append(':');
        int idle = 0;
        for (int status = 1; status < NAMES.length; status++) {
            StringBuilder group = new StringBuilder();
            for (int k = 0; k < s.length; k++) {
                if (s[k] == status) {
                    group.append(' ').append(k + 1);
                    if (names != null && k < names.size()) {
                        group.append('=').append(names.get(k));
                    }
                }
            }
            if (group.length() > 0) {
                sb.append(' ').append(NAMES[status]).append(group).append(" |");
            }
        }
        for (byte b : s) {
            if (b == 0) {
                idle++;
            }
        }
        return sb.append(' ').append(idle).append(" idle of ").append(s.length).append(" }").toString();
    }
}
