package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import org.junit.jupiter.api.Test;

class BenchFsmCommandTest {
    @Test
    void printsEveryMachineAndAJsonLastLine() {
        Object[] r = ValidateCommandTest.run("bench", "fsm", "--json", "--events", "20000", "--warmup", "20000", "--runs", "1");
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = ((String) r[1]).strip().split("\n");
        assertThat((String) r[1]).contains("toggle/flip", "hierarchical/next", "hierarchical/up");
        String json = lines[lines.length - 1];
        assertThat(json).startsWith("{\"machines\": [").endsWith("]}")
                .contains("\"name\": \"toggle/flip\"", "\"name\": \"hierarchical/next\"", "\"name\": \"hierarchical/up\"");
        assertThat(json).matches("\\{\"machines\": \\[(\\{\"name\": \"[a-z/+-]+\", \"ns_per_event\": [0-9.]+, "
                + "\"alloc_bytes_per_event\": [0-9.]+\\}(, )?){6}\\]\\}");
    }

    @Test
    void rejectsNonsenseCounts() {
        Object[] r = ValidateCommandTest.run("bench", "fsm", "--events", "0");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("--events");
    }
}
