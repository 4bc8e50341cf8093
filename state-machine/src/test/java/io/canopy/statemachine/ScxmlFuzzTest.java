package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.canopy.InputException;
import io.canopy.statemachine.build.ScxmlLoader;
import java.nio.charset.StandardCharsets;

/**
 * Any bytes as an SCXML document: it compiles, or it is refused with {@link InputException} carrying a message,
 * never another exception, never a hang. Seeds in
 * {@code src/test/resources/io/canopy/statemachine/ScxmlFuzzTestInputs/}.
 */
class ScxmlFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void anyDocumentCompilesOrIsRefusedWithOneInputError(byte[] bytes) {
        try {
            ScxmlLoader.parse(new String(bytes, StandardCharsets.UTF_8), "fuzz.scxml");
        } catch (InputException refused) {
            assertThat(refused.getMessage()).isNotBlank();
        }
    }
}
