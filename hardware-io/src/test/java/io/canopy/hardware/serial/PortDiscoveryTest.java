package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortDiscoveryTest {
    @TempDir
    Path dir;

    @Test
    void listsPtyLinksByPatternAndSkipsPlainFiles() throws IOException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        Files.writeString(dir.resolve("ttyNotADevice"), "x");
        try (SocatPtyPair pair = SocatPtyPair.start(dir)) {
            assertThat(PortDiscovery.list(dir, "tty*")).containsExactly(pair.a().toString(), pair.b().toString());
            assertThat(PortDiscovery.list(dir, "ttyB")).containsExactly(pair.b().toString());
        }
    }

    @Test
    void aMissingDirectoryGivesAnEmptyList() {
        assertThat(PortDiscovery.list(dir.resolve("absent"), "*")).isEmpty();
    }

    @Test
    void defaultListingNeverFailsAndHoldsOnlyDevices() {
        for (String port : PortDiscovery.listDefault()) {
            assertThat(Path.of(port)).exists();
        }
    }
}
