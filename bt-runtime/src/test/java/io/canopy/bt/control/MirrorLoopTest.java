package io.canopy.bt.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Guards the one copy kept on purpose: {@code Fallback.tick()} is {@code Sequence.tick()} with SUCCESS and FAILURE
 * swapped, written twice because one shared loop measured slower (a base class with the statuses in fields:
 * fallback-deep median 9.15 ns per node (7.1-9.8) against 7.75 (5.7-8.3) for the two copies, 7 alternated JVM pairs
 * of canopy bench tree at load 14-24 on this host). A fix made in
 * one loop and not the other fails here, with both texts to compare.
 */
class MirrorLoopTest {
    private static final Path SOURCES = Path.of("src/main/java/io/canopy/bt/control");

    /** From {@code tick()} to the end of the class, without comments, with blanks folded. */
    private static String loop(String file) throws IOException {
        String text = Files.readString(SOURCES.resolve(file));
        int start = text.indexOf("protected final Status tick()");
        assertThat(start).as(file + " declares tick()").isPositive();
        return text.substring(start).lines().map(String::strip).filter(l -> !l.startsWith("//") && !l.isEmpty())
                .collect(Collectors.joining("\n"));
    }

    @Test
    void fallbackTickIsSequenceTickWithSuccessAndFailureSwapped() throws IOException {
        String mirrored = loop("Sequence.java").replace("Status.SUCCESS", "Status.@")
                .replace("Status.FAILURE", "Status.SUCCESS").replace("Status.@", "Status.FAILURE");
        assertThat(loop("Fallback.java")).as("Fallback.tick() must mirror Sequence.tick(); change both loops alike")
                .isEqualTo(mirrored);
    }
}
