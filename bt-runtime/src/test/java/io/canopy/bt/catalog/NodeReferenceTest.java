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
    void theCheckedInNodeReferenceIsCurrent() throws Exception {
        String generated = NodeReference.markdown(NodeRegistry.withBuiltins());
        Path file = checkedIn();
        if (Boolean.getBoolean("canopy.regenerate")) {
            Files.writeString(file, generated, StandardCharsets.UTF_8);
        }
        assertThat(file).as("docs/nodes.md").exists();
        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .as("docs/nodes.md is stale: regenerate it with 'bin/canopy nodes --markdown > docs/nodes.md' "
                        + "(or mvn test -Dcanopy.regenerate=true -Dtest=NodeReferenceTest)")
                .isEqualTo(generated);
    }

    @Test
    void everyNodeTypeIsListedWithItsFamilyAndEverySeedNodeHasADescription() {
        NodeRegistry registry = NodeRegistry.withBuiltins();
        String md = NodeReference.markdown(registry);
        for (NodeType t : registry.all()) {
            assertThat(md).contains("| `" + t.id() + "` |");
        }
        for (NodeType t : SeedNodes.ALL) {
            assertThat(t.description()).as(t.id()).isNotEmpty();
            assertThat(SeedNodes.origin(t.id())).as(t.id()).isNotNull();
        }
        assertThat(md).contains("## guards").contains("## learning").contains("## probability").contains("## events")
                .contains("## memory").contains("| `SequenceStar` | Control")
                .contains("| `ParallelPolicy` | Control").contains("`:guard-selector`");
    }

    @Test
    void seedNodeNamesDoNotShadowBehaviorTreeCppBuiltins() {
        NodeRegistry registry = NodeRegistry.withBuiltins();
        for (NodeType t : SeedNodes.ALL) {
            assertThat(registry.isBuiltin(t.id())).as(t.id()).isFalse();
        }
        assertThat(registry.find("Repeat")).isNotSameAs(registry.find("RepeatWhile"));
    }
}
