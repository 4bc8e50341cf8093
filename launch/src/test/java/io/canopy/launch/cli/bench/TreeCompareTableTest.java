package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench tree --compare} reads JMH's JSON (a saved run of the bench module) and prints a well-formed table. */
class TreeCompareTableTest {
    @Test
    void jmhJsonBecomesRowsWithNodeTicksRatiosAndAJsonLine() throws IOException {
        String json;
        try (InputStream in = getClass().getResourceAsStream("/bench/jmh-tree-compare.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<BenchCompare.Score> scores = BenchCompare.parse(json);
        assertThat(scores).extracting(BenchCompare.Score::engine).containsExactly("canopy", "canopy", "gdxai");
        assertThat(scores.get(0).param()).isEqualTo("flat-seq-1000");
        assertThat(scores.get(0).nsPerOp()).isEqualTo(3637.4258465324715);

        StringWriter text = new StringWriter();
        TreeCompareTable.render(scores, BenchCompare.checkout().resolve("bench/trees"), true, new PrintWriter(text));
        String[] lines = text.toString().strip().split("\n");
        assertThat(lines[0]).contains("canopy ns/node", "gdx-ai ns/node", "gdx/canopy");
        assertThat(lines[1]).matches("flat-seq-1000\\s+1001\\s+3\\.63\\s+0\\.021\\s+7\\.06\\s+0\\.042\\s+1\\.94x");
        assertThat(lines[2]).matches("blackboard-heavy\\s+201\\s+9\\.10\\s+0\\.011\\s+-\\s+-\\s+-");
        assertThat(text.toString()).contains("gdx-ai 1.8.2 ran in the same JMH run").doesNotContain("not in this run");
        JsonObject last = JsonParser.parseString(lines[lines.length - 1]).getAsJsonObject();
        JsonObject flat = last.getAsJsonArray("trees").get(0).getAsJsonObject();
        assertThat(flat.get("node_ticks_per_root_tick").getAsDouble()).isEqualTo(1001.0);
        assertThat(flat.get("gdxai_ns_per_node_tick").getAsDouble()).isEqualTo(7.0566);
        assertThat(last.getAsJsonArray("trees").get(1).getAsJsonObject().get("gdxai_ns_per_node_tick").isJsonNull()).isTrue();
    }

    @Test
    void aRunWithoutGdxAiSaysHowToRebuildTheJar() {
        List<BenchCompare.Score> scores = List.of(new BenchCompare.Score("canopy", "flat-seq-1000", 3000, 0.02));
        StringWriter text = new StringWriter();
        TreeCompareTable.render(scores, BenchCompare.checkout().resolve("bench/trees"), false, new PrintWriter(text));
        assertThat(text.toString()).contains("gdx-ai was not in this run", "mvn -pl bench -am package -DskipTests")
                .doesNotContain("ran in the same JMH run");
    }

    @Test
    void withoutAFileOrCompareItSaysWhatToGive() {
        Object[] r = ValidateCommandTest.run("bench", "tree");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("give a tree FILE.xml, or --compare");
    }

    @Test
    void theCheckoutIsFoundFromTheClasses() {
        assertThat(BenchCompare.checkout().resolve("bench/trees/flat-seq-1000.xml")).isRegularFile();
        assertThat(Path.of("").toAbsolutePath().startsWith(BenchCompare.checkout())).isTrue();
    }
}
