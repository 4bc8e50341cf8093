package io.canopy.testkit;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when an outside peer (Node.js, tmux, Chromium, an npm module) is missing: on a developer's
 * machine it is skipped with the reason; in CI ({@code CI=true}, where {@code .ci/run} installs every peer) it
 * fails, so a broken install cannot hide a test behind a skip.
 */
public final class Peers {
    private Peers() {}

    /** Skips the calling test (fails it under {@code CI=true}) unless {@code present}; {@code why} says how to install. */
    public static void require(boolean present, String why) {
        if (present) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(why + " (CI=true: .ci/run installs it, so this is a failure, not a skip)");
        }
        Assumptions.assumeTrue(false, why);
    }
}
