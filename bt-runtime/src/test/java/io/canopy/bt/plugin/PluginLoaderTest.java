package io.canopy.bt.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example project examples/plugin-hello, built here with javac into a jar, loaded and run end to end. */
class PluginLoaderTest {
    static final Path EXAMPLE = Path.of("..", "examples", "plugin-hello").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    void theExamplePluginJarAddsItsNodeTypeAndTheExampleTreeRuns() throws Exception {
        Path jar = PluginJars.build(EXAMPLE, tmp);
        NodeRegistry registry = NodeRegistry.withBuiltins();
        assertThat(registry.find("SayHello")).isNull();

        List<String> loaded = PluginLoader.load(List.of(jar), registry);

        assertThat(loaded).containsExactly("com.example.hello.HelloPlugin (plugin-hello.jar)");
        assertThat(registry.find("SayHello")).isNotNull();
        assertThat(registry.find("SayHello").ports()).extracting(p -> p.name()).containsExactly("who", "greeting");
        Blackboard bb = Blackboard.create();
        ManualNanoClock clock = new ManualNanoClock();
        Tree tree = new XmlTreeLoader(registry).loadFile(EXAMPLE.resolve("trees/hello.xml"), bb,
                new TreeContext(new DeadlineTimerQueue(clock), 1L));
        assertThat(tree.tickOnce()).isEqualTo(Status.SUCCESS);
    }

    @Test
    void everyBadJarIsOneLineNamingItAndAllComeAtOnce() throws Exception {
        Path jar = PluginJars.build(EXAMPLE, tmp);
        Path empty = PluginJars.jar(tmp.resolve("empty.jar"), tmp.resolve("nothing"));
        Path copy = java.nio.file.Files.copy(jar, tmp.resolve("plugin-hello-copy.jar")); // another jar, same type
        NodeRegistry registry = NodeRegistry.withBuiltins();

        assertThatThrownBy(() -> PluginLoader.load(List.of(tmp.resolve("missing.jar"), empty, jar, copy), registry))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("missing.jar: plugin jar not found")
                .hasMessageContaining("empty.jar: no plugin in this jar; add META-INF/services/io.canopy.bt.plugin.CanopyPlugin")
                .hasMessageContaining("plugin-hello-copy.jar: plugin com.example.hello.HelloPlugin: node type 'SayHello' is already registered")
                .satisfies(e -> assertThat(e.getMessage().lines().count()).isEqualTo(3));
    }

    @Test
    void oneJarNamedTwiceIsLoadedOnce() throws Exception {
        Path jar = PluginJars.build(EXAMPLE, tmp);
        NodeRegistry registry = NodeRegistry.withBuiltins();
        // as canopy run --plugin X with a launch file whose <node> also says <plugin jar="X"/>, by another path
        assertThat(PluginLoader.load(List.of(jar), registry)).hasSize(1);
        assertThat(PluginLoader.load(List.of(tmp.resolve(".").resolve(jar.getFileName())), registry)).isEmpty();
        assertThat(registry.find("SayHello")).isNotNull();
    }

    @Test
    void aTextFileNamedJarIsSaidToBeNoJarNotAJarWithoutAPlugin() throws Exception {
        Path text = Files.writeString(tmp.resolve("notes.jar"), "these are my notes, not a jar\n");
        NodeRegistry registry = NodeRegistry.withBuiltins();

        assertThatThrownBy(() -> PluginLoader.load(List.of(text), registry))
                .isInstanceOf(InputException.class)
                .hasMessage(text + ": not a jar (not a zip file); give the jar that mvn package writes to target/, "
                        + "not a source or text file");
    }
}
