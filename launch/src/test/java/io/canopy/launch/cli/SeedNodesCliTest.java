package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line for the seed node families: the Markdown reference, their scenarios and their bench tree. */
class SeedNodesCliTest {
    private static Path repo() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("bt-runtime"))) {
            p = p.getParent();
        }
        return p;
    }

    @Test
    void nodesMarkdownPrintsTheCheckedInReference() throws Exception {
        Object[] r = ValidateCommandTest.run("nodes", "--markdown");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).startsWith("# Node reference").contains("| `XChoice` | Control")
                .contains("| `Sequence` | Control");
        String checkedIn = Files.readString(repo().resolve("docs/nodes.md"), StandardCharsets.UTF_8);
        assertThat(((String) r[1]).replace("\r\n", "\n")).as("docs/nodes.md is stale: regenerate it with "
                + "'bin/canopy nodes --markdown > docs/nodes.md'").isEqualTo(checkedIn);
    }

    @Test
    void treeTestRunsTheSeedScenarios() {
        Path dir = repo().resolve("bt-runtime/src/test/resources/bt/seeds");
        Object[] r = ValidateCommandTest.run("tree-test", dir.toString());
        assertThat(r[0]).as((String) r[1]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).contains("PASS seed-named-timers-chain", "PASS seed-consume-event-waits",
                "PASS seed-xchoice-greedy-prefers-the-payer", " 0 failed");
    }

    @Test
    void benchTreeRunsTheSeedNodesBenchTree() {
        Path tree = repo().resolve("bt-runtime/src/test/resources/bt/seeds/bench-seed-nodes.xml");
        Object[] r = ValidateCommandTest.run("bench", "tree", tree.toString(), "--json", "--warmup-ms", "50",
                "--measure-ms", "100", "--rounds", "3");
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).contains("\"alloc_bytes_per_tick\":", "last status RUNNING");
    }
}
