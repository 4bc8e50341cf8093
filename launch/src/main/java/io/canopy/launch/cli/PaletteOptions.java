package io.canopy.launch.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --palette FILE} (repeatable) for validate, graph and tree-test: node types declared by {@code <TreeNodesModel>}s. */
public final class PaletteOptions {
    @Option(names = "--palette", paramLabel = "FILE", description = "A <TreeNodesModel> palette declaring custom node types "
            + "(repeatable; Groot2 exports it, e.g. Nav2's nav2_tree_nodes.xml). Declared types are checked like built-ins.")
    public List<Path> files = new ArrayList<>();
}
