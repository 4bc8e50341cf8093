package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code canopy node list|info}: the nodes on a broker, in the spirit of {@code ros2 node}. */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = {"Inspect the nodes on a broker, like ros2 node (from their retained <node>/info and <node>/state).",
            "Example: canopy node list   then   canopy node info robot1/controller"},
        subcommands = {NodeListCommand.class, NodeInfoCommand.class})
final class NodeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "say which: list or info");
    }
}
