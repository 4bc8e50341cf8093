package io.canopy.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.canopy.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Any bytes as a launch file: it loads, or every problem comes back as {@link LaunchException} lines (or one
 * {@link InputException}), never another exception, never a hang. Seeds in
 * {@code src/test/resources/io/canopy/launch/LaunchFileFuzzTestInputs/}.
 */
class LaunchFileFuzzTest {
    private static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("launch-fuzz");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @FuzzTest(maxDuration = "10s")
    void anyFileLoadsOrIsRefusedLineByLine(byte[] bytes) throws IOException {
        Path file = Files.write(DIR.resolve("fuzz.launch.xml"), bytes);
        try {
            LaunchLoader.load(file, Map.of(), name -> null);
        } catch (LaunchException refused) {
            assertThat(refused.errors()).isNotEmpty().allSatisfy(line -> assertThat(line).isNotBlank().doesNotContain("\n"));
        } catch (InputException refused) {
            assertThat(refused.getMessage()).isNotBlank();
        }
    }
}
