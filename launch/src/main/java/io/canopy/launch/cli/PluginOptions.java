package io.canopy.launch.cli;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.plugin.PluginLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --plugin JAR} (repeatable) for validate, tree-test and run: node types from plugin jars. */
public final class PluginOptions {
    @Option(names = "--plugin", paramLabel = "JAR", description = "A plugin jar whose node types are found through "
            + "ServiceLoader (io.canopy.bt.plugin.CanopyPlugin); repeatable. See docs/bringing-btcpp-trees.md.")
    public List<Path> jars = new ArrayList<>();

    /** {@code registry} with every plugin's types added; an InputException naming each bad jar. */
    public NodeRegistry addTo(NodeRegistry registry) {
        if (!jars.isEmpty()) {
            PluginLoader.load(jars, registry);
        }
        return registry;
    }
}
