package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code bench fsm --compare} turns JMH's JSON of the bench module into a well-formed table and JSON line. */
class FsmCompareTableTest {
    @Test
    void rowsPerMachineWithRatios() throws IOException {
        String json;
        try (InputStream in = getClass().getResourceAsStream("/bench/jmh-fsm-compare.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        StringWriter text = new StringWriter();
        FsmCompareTable.render(BenchCompare.parse(json), true, new PrintWriter(text));
        String[] lines = text.toString().strip().split("\n");
        assertThat(lines).hasSize(4);
        assertThat(lines[1]).matches("toggle/flip\\s+8\\.6\\s+0\\.000\\s+3440\\.4\\s+8641\\.2\\s+400x");
        assertThat(lines[2]).matches("guarded-counter/flip\\s+32\\.5\\s+0\\.000\\s+10021\\.7\\s+12021\\.0\\s+309x");
        JsonObject last = JsonParser.parseString(lines[3]).getAsJsonObject();
        assertThat(last.getAsJsonArray("machines").get(1).getAsJsonObject().get("commons_scxml_ns_per_event").getAsDouble())
                .isEqualTo(10021.704);
    }
}
