package io.canopy.bt.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NodeReferenceTest {
    /** docs/nodes.md of this checkout (tests run in the module folder). */
    static Path checkedIn() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("bt-runtime"))) {
            p = p.getParent();
        }
        return p == null ? null : p.resolve("docs").resolve("nodes.md");
    }

    @Test
    void theCheckedInNodeReferenceHasEveryRowOfThisRegistry() throws Exception {
        // docs/nodes.md is generated from the registry canopy run uses (these nodes, plus the launch module's
        // navigation leaves and StateMachine node): the launch module's SeedNodesCliTest checks it whole; here
        // every row this module generates must be in it, unchanged
        String generated = NodeReference.markdown(NodeRegistry.withBuiltins());
        Path file = checkedIn();
        assertThat(file).as("docs/nodes.md").exists();
        String checkedIn = Files.readString(file, StandardCharsets.UTF_8);
        for (String row : generated.split("\n")) {
            if (row.startsWith("| ") && !row.startsWith("| ---")) {
                assertThat(checkedIn).as("docs/nodes.md is stale: regenerate it with 'bin/canopy nodes --markdown > docs/nodes.md'")
                        .contains(row);
            }
        }
    }

    @Test
    void everyNodeTypeIsListedWithItsFamilyAndEverySeedNodeHasADescription() {
        NodeRegistry registry = NodeRegistry.withBuiltins();
        String md = NodeReference.markdown(registry);
        for (NodeType t : registry.all()) {
            assertThat(md).contains("| `" + t.id() + "` |");
        }
        for (NodeType t : NodeFamilies.ALL) {
            assertThat(t.description()).as(t.id()).isNotEmpty();
            assertThat(NodeFamilies.origin(t.id())).as(t.id()).isNotNull();
        }
        assertThat(md).contains("## cark").contains("## xbt").contains("## probabilistic").contains("## events")
                .contains("## luabt").contains("| `SequenceStar` | Control")
                .contains("| `ParallelPolicy` | Control").contains("`:guard-selector`");
    }

    @Test
    void seedNodeNamesDoNotShadowBehaviorTreeCppBuiltins() {
        NodeRegistry registry = NodeRegistry.withBuiltins();
        for (NodeType t : NodeFamilies.ALL) {
            assertThat(registry.isBuiltin(t.id())).as(t.id()).isFalse();
        }
        assertThat(registry.find("Repeat")).isNotSameAs(registry.find("RepeatWhile"));
    }
}
