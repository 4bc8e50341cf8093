package io.canopy.launch.cli.tree;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.scenario.Scenario;
import io.canopy.bt.scenario.ScenarioRunner;
import io.canopy.bt.standin.StandInRules;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.PaletteOptions;
import io.canopy.launch.cli.PluginOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy tree-test PATH...}: runs tree scenario files (with {@code file:}, {@code palette:},
 * {@code stand_ins:} and {@code max_ticks:} for BehaviorTree.CPP trees with custom types, see
 * docs/bringing-btcpp-trees.md) (the format of conformance/bt/README.md), one line
 * per case ({@code PASS id} / {@code FAIL id: what differed}), then {@code N passed, N failed}; exit 1 when
 * any case failed, 2 when a file is not a valid scenario file or a tree, palette or rules file it names is invalid.
 */
@Command(name = "tree-test", mixinStandardHelpOptions = true,
        description = {"Run behavior-tree scenario files (.yaml) on a virtual clock.",
            "Each PATH is a file or a folder searched for .yaml files.",
            "Exit codes: 0 all passed, 1 some failed, 2 bad input (a scenario, or a file it names, is invalid)."})
public final class TreeTestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files or folders.")
    List<Path> paths;

    @picocli.CommandLine.Mixin
    PluginOptions plugins = new PluginOptions();

    /** For every case (repeatable), before the {@code palette:} files a scenario file names. */
    @picocli.CommandLine.Mixin
    PaletteOptions palettes = new PaletteOptions();

    @picocli.CommandLine.Option(names = "--stub-rules", paramLabel = "FILE", description = "A YAML file of stand-in"
            + " rules (stand_ins: {...}) for every case, after the cases' and files' own stand_ins.")
    Path stubRules;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ScenarioRunner runner = new ScenarioRunner(plugins.addTo(NodeRegistry.withBuiltins()))
                .withPalettes(palettes.files);
        if (stubRules != null) {
            runner.withStandIns(StandInRules.read(stubRules));
        }
        int passed = 0;
        int failed = 0;
        int invalid = 0;
        for (Path file : ScenarioRunner.collect(paths)) {
            for (Scenario s : ScenarioRunner.load(file)) {
                ScenarioRunner.Result r = runner.run(s);
                out.println(r.line());
                if (r.passed()) {
                    passed++;
                } else {
                    failed++;
                    invalid += r.invalid() ? 1 : 0;
                }
            }
        }
        out.println(passed + " passed, " + failed + " failed" + (invalid == 0 ? "" : " (" + invalid + " on an invalid file)"));
        out.flush();
        return invalid > 0 ? CanopyMain.EXIT_BAD_INPUT : failed == 0 ? CanopyMain.EXIT_OK : CanopyMain.EXIT_FAILED;
    }
}
