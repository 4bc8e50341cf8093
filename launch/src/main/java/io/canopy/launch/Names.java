package io.canopy.launch;

import java.util.Collection;

/** "Did you mean" suggestions for misspelt names (delegates to the one edit-distance helper, {@link io.canopy.Names}). */
final class Names {
    private Names() {}

    /** {@code " (did you mean 'x'?)"} for the closest candidate within a small edit distance, else "". */
    static String suggestion(String wrong, Collection<String> candidates) {
        return io.canopy.Names.suggestion(wrong, candidates);
    }
}
