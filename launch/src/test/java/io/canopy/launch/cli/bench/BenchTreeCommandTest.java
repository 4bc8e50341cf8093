package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchTreeCommandTest {
    @TempDir
    Path dir;

    @Test
    void jsonLineCarriesTheFiguresAndCountsNodeTicks() throws IOException {
        Path tree = Files.writeString(dir.resolve("t.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="MainTree">
                  <BehaviorTree ID="MainTree">
                    <Sequence>
                      <AlwaysTrue/><AlwaysTrue/>
                      <CopyPort in="{target}" out="{o}"/>
                    </Sequence>
                  </BehaviorTree>
                </root>
                """);
        Object[] r = ValidateCommandTest.run("bench", "tree", tree.toString(), "--json", "--warmup-ms", "50",
                "--measure-ms", "100", "--rounds", "3");
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = ((String) r[1]).strip().split("\n");
        String json = lines[lines.length - 1];
        assertThat(json).startsWith("{").endsWith("}")
                .contains("\"node_ticks_per_root_tick\":4.0", "\"ns_per_root_tick\":", "\"ns_per_node_tick\":",
                        "\"alloc_bytes_per_tick\":");
        assertThat((String) r[1]).contains("last status SUCCESS");
    }

    @Test
    void aMissingFileIsBadInput() {
        Object[] r = ValidateCommandTest.run("bench", "tree", dir.resolve("none.xml").toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("no such file");
    }
}
