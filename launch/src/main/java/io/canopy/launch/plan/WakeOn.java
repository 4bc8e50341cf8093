package io.canopy.launch.plan;

import io.canopy.Names;
import io.canopy.launch.read.BindReader;
import io.canopy.launch.read.ElementReader;
import io.canopy.tick.Durations;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@code <tree>}'s {@code wake_on="serial:LINK/Type[,serial:LINK/Type...]"} (the messages whose
 * arrival wakes the tree's timer for an immediate extra tick) and {@code wake_min_interval} (the least time
 * between two ticks of that timer a wake-up may cause; default 1 ms).
 */
public final class WakeOn {
    private WakeOn() {}

    /** The messages as {@code LINK/Type}; links are checked with the node's other link references. */
    public static List<String> read(ElementReader r, List<Object[]> linkRefs) {
        String text = r.string("wake_on", null);
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split(",")) {
            String p = part.strip();
            int slash = p.indexOf('/');
            if (!p.startsWith("serial:") || slash <= "serial:".length() || slash == p.length() - 1) {
                r.error("attribute 'wake_on': \"" + p + "\" is not serial:LINK/Type; write for example"
                        + " wake_on=\"serial:base/RangeReading\"");
                continue;
            }
            String link = p.substring("serial:".length(), slash);
            String type = p.substring(slash + 1);
            if (!BindReader.BODY_TYPES.containsKey(type)) {
                r.error("attribute 'wake_on': no message type '" + type + "'" + Names.suggestion(type, BindReader.BODY_TYPES.keySet())
                        + "; types are " + String.join(", ", BindReader.BODY_TYPES.keySet()));
                continue;
            }
            linkRefs.add(new Object[] {link, r.element().source(), "wake_on"});
            out.add(link + "/" + type);
        }
        return out;
    }

    /** {@code wake_min_interval} in nanoseconds (a duration with a unit, 0 allowed). */
    public static long minInterval(ElementReader r) {
        String text = r.string("wake_min_interval", null);
        if (text == null) {
            return TreePlan.DEFAULT_WAKE_MIN_INTERVAL_NS;
        }
        if (!r.has("wake_on")) {
            r.error("attribute 'wake_min_interval' limits wake-ups, but the tree has no wake_on; add"
                    + " wake_on=\"serial:LINK/Type\" or remove it");
        }
        try {
            return Durations.parseNs(text, true);
        } catch (IllegalArgumentException e) {
            r.error("attribute 'wake_min_interval': " + e.getMessage());
            return TreePlan.DEFAULT_WAKE_MIN_INTERVAL_NS;
        }
    }
}
