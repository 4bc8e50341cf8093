package io.canopy.bt.standin;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One substitution rule (BehaviorTree.CPP's {@code TestNodeConfig} with its name pattern): the nodes it applies
 * to, matched by type ID or by {@code name} ({@code *} and {@code ?} are wildcards), and what they do on their
 * first, second... run (the last run repeats). {@code where} is the rule's {@code file:line:column}.
 */
public record StandInRule(String pattern, List<StandIn> runs, String where) {
    public StandInRule {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a stand-in rule needs at least one run");
        }
        runs = List.copyOf(runs);
    }

    /** True when {@code pattern} names the type ID or the node's name (wildcards allowed). */
    public boolean matches(String typeId, String name) {
        if (pattern.indexOf('*') < 0 && pattern.indexOf('?') < 0) {
            return pattern.equals(typeId) || pattern.equals(name);
        }
        Pattern p = glob(pattern);
        return p.matcher(typeId).matches() || (name != null && p.matcher(name).matches());
    }

    static Pattern glob(String pattern) {
        StringBuilder re = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
