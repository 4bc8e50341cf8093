package io.canopy.launch.cli.tree;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.bench.BenchLeaves;
import io.canopy.bt.catalog.NodeReference;
import io.canopy.launch.Artifacts;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.PluginOptions;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code canopy nodes [--xml] [--plugin JAR]}: lists node types and their ports, or prints the Groot2 palette. */
@Command(name = "nodes", mixinStandardHelpOptions = true,
        description = "List node types and ports; --xml prints the <TreeNodesModel> palette that Groot2 imports; "
                + "--markdown the node reference (docs/nodes.md). With --plugin, a plugin jar's types too "
                + "(--plugin JAR --custom-only --xml: a Groot2 palette of your own types).")
public final class NodesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--xml", description = "Print the Groot2 palette (<root BTCPP_format=\"4\"><TreeNodesModel>).")
    boolean xml;

    @Option(names = "--markdown", description = "Print the node reference (docs/nodes.md) as Markdown.")
    boolean markdown;

    @Option(names = "--custom-only", description = "Leave out the BehaviorTree.CPP built-ins.")
    boolean customOnly;

    @Option(names = "--bench-leaves", description = "Also list the benchmark leaves (AlwaysTrue, CopyPort, ...).")
    boolean benchLeaves;

    @Mixin
    PluginOptions plugins = new PluginOptions();

    @Override
    public Integer call() {
        NodeRegistry registry = plugins.addTo(Artifacts.registry()); // every node a launched tree can use
        if (benchLeaves) {
            BenchLeaves.register(registry);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (markdown) {
            out.print(NodeReference.markdown(registry));
        } else if (xml) {
            out.print(registry.toPaletteXml(!customOnly));
        } else {
            for (NodeType t : registry.all()) {
                if (customOnly && registry.isBuiltin(t.id())) {
                    continue;
                }
                out.println(t.id() + " (" + t.kind().xmlName() + ")"
                        + (t.description().isEmpty() ? "" : ": " + t.description()));
                for (Port p : t.ports()) {
                    String type = p.type() == PortType.ENUM && p.enumType() != null
                            ? p.enumType().getSimpleName() : p.type().name().toLowerCase();
                    out.println("  " + p.direction().name().toLowerCase() + " " + p.name() + ": " + type
                            + (p.defaultValue() != null ? " = " + p.defaultValue() : "")
                            + (p.isRequired() ? " (required)" : "")
                            + (p.description().isEmpty() ? "" : " - " + p.description()));
                }
            }
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}
