package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --plugin JAR} on validate and tree-test with the example project examples/plugin-hello, compiled here
 * by javac against the test class path and packed by the jar tool, as {@code mvn package} would.
 */
class PluginCliTest {
    static final Path EXAMPLE = Path.of("../examples/plugin-hello");

    @TempDir
    static Path dir;

    static Path jar;

    @BeforeAll
    static void buildTheExamplePlugin() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> javac = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> s = Files.walk(EXAMPLE.resolve("src/main/java"))) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
        }
        assertThat(ToolProvider.findFirst("javac").orElseThrow().run(System.out, System.err, javac.toArray(String[]::new)))
                .isZero();
        jar = dir.resolve("plugin-hello.jar");
        assertThat(ToolProvider.findFirst("jar").orElseThrow().run(System.out, System.err, "--create",
                "--file", jar.toString(), "-C", classes.toString(), ".",
                "-C", EXAMPLE.resolve("src/main/resources").toString(), ".")).isZero();
    }

    @Test
    void validateKnowsThePluginsTypesOnlyWithThePlugin() {
        String tree = EXAMPLE.resolve("trees/hello.xml").toString();
        Object[] ok = ValidateCommandTest.run("validate", "--plugin", jar.toString(), tree);
        assertThat(ok[0]).as("stderr: %s", ok[2]).isEqualTo(0);
        assertThat((String) ok[1]).contains("OK " + tree);
        Object[] without = ValidateCommandTest.run("validate", "--main", "Hello", tree);
        assertThat(without[0]).isEqualTo(2);
        assertThat((String) without[2]).contains("hello.xml:4:", "unknown node type 'SayHello'");
    }

    @Test
    void aMissingPluginJarIsOneLineAndExitTwo() {
        Object[] r = ValidateCommandTest.run("validate", "--plugin", dir.resolve("nope.jar").toString(),
                EXAMPLE.resolve("trees/hello.xml").toString());
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("nope.jar: plugin jar not found").doesNotContain("\tat ");
    }

    @Test
    void graphWithAPluginChecksTheTreeWithItsTypesBeforeDrawing() {
        String tree = EXAMPLE.resolve("trees/hello.xml").toString();
        Object[] ok = ValidateCommandTest.run("graph", "--plugin", jar.toString(), tree);
        assertThat(ok[0]).as("stderr: %s", ok[2]).isEqualTo(0);
        assertThat((String) ok[1]).startsWith("digraph ").contains("SayHello");
        Object[] bad = ValidateCommandTest.run("graph", "--plugin", dir.resolve("nope.jar").toString(), tree);
        assertThat(bad[0]).isEqualTo(2);
        assertThat((String) bad[1]).isEmpty();
        assertThat((String) bad[2]).contains("nope.jar: plugin jar not found", "nothing drawn").doesNotContain("\tat ");
    }

    @Test
    void treeTestRunsAScenarioWhoseTreeUsesThePluginsNode() throws IOException {
        String xml = Files.readString(EXAMPLE.resolve("trees/hello.xml")).indent(4);
        Path yaml = Files.writeString(dir.resolve("hello.yaml"), "family: plugin\ncases:\n- id: hello\n  xml: |\n"
                + xml + "  ticks: [SUCCESS]\n");
        Object[] r = ValidateCommandTest.run("tree-test", "--plugin", jar.toString(), yaml.toString());
        assertThat(r[0]).as("stdout %s stderr %s", r[1], r[2]).isEqualTo(0);
        assertThat((String) r[1]).contains("PASS hello", "1 passed, 0 failed");
    }

    @Test
    void aLaunchFileNamesItsPluginJarAndPalette() throws IOException {
        Files.copy(EXAMPLE.resolve("trees/hello.xml"), dir.resolve("hello.xml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(dir.resolve("extra_palette.xml"), "<root BTCPP_format=\"4\"><TreeNodesModel>"
                + "<Action ID=\"Unused\"/></TreeNodesModel></root>");
        Path with = Files.writeString(dir.resolve("with.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="10"/>
                  <plugin jar="plugin-hello.jar"/><palette file="extra_palette.xml"/>
                  <tree file="hello.xml"/></node></launch>
                """);
        Object[] ok = ValidateCommandTest.run("validate", with.toString());
        assertThat(ok[0]).as("stderr: %s", ok[2]).isEqualTo(0);
        Path without = Files.writeString(dir.resolve("without.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="10"/>
                  <plugin jar="nope.jar"/><tree file="hello.xml"/></node></launch>
                """);
        Object[] bad = ValidateCommandTest.run("validate", without.toString());
        assertThat(bad[0]).isEqualTo(2);
        assertThat((String) bad[2]).contains("without.launch.xml:2:", "<plugin>", "attribute 'jar': file \"nope.jar\" not found");
    }

    /** Issue #35 item 2: the node list and the Groot2 palette take plugins, as the docs say every command does. */
    @Test
    void nodesListsThePluginsTypesAndPutsThemInTheGroot2Palette() {
        Object[] list = ValidateCommandTest.run("nodes", "--plugin", jar.toString(), "--custom-only");
        assertThat(list[0]).as("stderr: %s", list[2]).isEqualTo(0);
        assertThat((String) list[1]).contains("SayHello (Action)", "  input who: string").doesNotContain("Sequence (Control)");
        Object[] xml = ValidateCommandTest.run("nodes", "--plugin", jar.toString(), "--xml");
        assertThat(xml[0]).as("stderr: %s", xml[2]).isEqualTo(0);
        assertThat((String) xml[1]).contains("<Action ID=\"SayHello\">", "<input_port name=\"who\"");
        Object[] bad = ValidateCommandTest.run("nodes", "--plugin", dir.resolve("nope.jar").toString());
        assertThat(bad[0]).isEqualTo(2);
        assertThat((String) bad[2]).contains("nope.jar: plugin jar not found").doesNotContain("\tat ");
    }

    /** Issue #35 item 9: a text file named .jar is not "a jar with no plugin". */
    @Test
    void aTextFileNamedJarIsReportedAsNotAJar() throws IOException {
        Path text = Files.writeString(dir.resolve("readme.jar"), "not a jar\n");
        Object[] r = ValidateCommandTest.run("validate", "--plugin", text.toString(),
                EXAMPLE.resolve("trees/hello.xml").toString());
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("readme.jar: not a jar (not a zip file)").doesNotContain("no plugin in this jar");
    }
}
