package io.canopy.launch.cli;

import io.canopy.bt.standin.StandInRules;
import io.canopy.bt.standin.StubUnknown;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --stub-unknown} and {@code --stub-rules FILE} for {@code canopy run}: declared node types that nothing
 * implements run as stand-ins (scripted by the rules file) instead of refusing the launch file; a warning at
 * startup lists them. Both act when parsed, for every tree the run loads (its check and its nodes).
 */
final class StubOptions {
    @Option(names = "--stub-unknown", description = "Run every node type a palette declares but nothing implements as"
            + " a stand-in (actions and conditions succeed at once unless --stub-rules says otherwise); a warning"
            + " lists them. For trying a tree before its implementations exist. See docs/bringing-btcpp-trees.md.")
    void stubUnknown(boolean on) {
        if (on && !StubUnknown.isOn()) {
            StubUnknown.enable(StandInRules.NONE);
        }
    }

    @Option(names = "--stub-rules", paramLabel = "FILE", description = "A YAML file of stand-in rules (stand_ins:"
            + " {ComputePathToPose: {running_ticks: 20, outputs: {path: p}}}): what each stand-in returns, after how"
            + " many RUNNING ticks, and what it writes; implies --stub-unknown.")
    void stubRules(Path file) {
        if (file != null) {
            StubUnknown.enable(file);
        }
    }
}
