package io.canopy.bt.standin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code canopy run --stub-unknown}: a process-wide switch that makes every tree loader of this run build
 * stand-ins for the declared types nothing implements (following the {@code --stub-rules} file), and
 * warns once, at load, listing what is stubbed. Off unless the command line turns it on.
 */
public final class StubUnknown {
    private static final Logger LOG = LoggerFactory.getLogger("io.canopy.run");
    private static volatile StandInRules rules;
    private static final Set<String> reported = new HashSet<>();

    private StubUnknown() {}

    /** Turns stand-ins on for every tree loaded from now on in this process. */
    public static synchronized void enable(StandInRules r) {
        rules = r;
        reported.clear();
    }

    /** Turns them off again (tests). */
    public static synchronized void disable() {
        rules = null;
        reported.clear();
    }

    /** The rules while on, else null. */
    public static StandInRules rules() {
        return rules;
    }

    /**
     * The warning for the stand-ins a load just built ({@code what}: "ID (declared at file:line:col)"), or null
     * when all were reported before; logged once per type.
     */
    public static synchronized String report(List<String> ids, List<String> what) {
        List<String> fresh = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            if (reported.add(ids.get(i))) {
                fresh.add(what.get(i));
            }
        }
        if (fresh.isEmpty()) {
            return null;
        }
        String line = "--stub-unknown: " + fresh.size() + " declared node type(s) with no implementation run as"
                + " stand-ins (not the real thing): " + String.join(", ", fresh);
        LOG.warn(line);
        return line;
    }
}
