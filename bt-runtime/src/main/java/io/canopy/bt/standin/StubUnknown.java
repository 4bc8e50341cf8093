package io.canopy.bt.standin;

import java.nio.file.Path;
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
    private static volatile Path rulesFile;
    private static final Set<String> reported = new HashSet<>();

    private StubUnknown() {}

    /** Turns stand-ins on for every tree loaded from now on in this process. */
    public static synchronized void enable(StandInRules r) {
        rules = r;
        rulesFile = null;
        reported.clear();
    }

    /**
     * Turns stand-ins on with the rules of {@code file} ({@link StandInRules#read}), read when the first tree
     * is loaded so that a bad file is reported like any bad input (one line naming file:line:column).
     */
    public static synchronized void enable(Path file) {
        rules = StandInRules.NONE;
        rulesFile = file;
        reported.clear();
    }

    /** Turns them off again (tests). */
    public static synchronized void disable() {
        rules = null;
        rulesFile = null;
        reported.clear();
    }

    /** True while on (without reading a pending rules file). */
    public static boolean isOn() {
        return rules != null;
    }

    /** The rules while on, else null. */
    public static synchronized StandInRules rules() {
        if (rulesFile != null) {
            Path f = rulesFile;
            rules = StandInRules.read(f);
            rulesFile = null;
        }
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
