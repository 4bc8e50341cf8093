package io.canopy.launch.cli.tree;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.statemachine.tools.ScxmlTestRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy scxml-test PATH...}: runs SCXML test documents (W3C IRP style) on a virtual clock. One line
 * per file ({@code PASS test144.scxml}, {@code FAIL test145.scxml: reached fail}, {@code FAIL ...: did not
 * finish ...}), then {@code N passed, N failed}. Exit 0 when all passed, 1 when any failed, 2 when a path
 * does not exist.
 */
@Command(
        name = "scxml-test",
        mixinStandardHelpOptions = true,
        description = {
            "Run SCXML tests on a virtual clock: a test passes when it reaches <final id=\"pass\">.",
            "Folders are searched for *.scxml (sub-machines named ...subN.scxml are skipped).",
            "Exit codes: 0 all passed, 1 some failed, 2 bad input (an invalid document among them)."
        })
public final class ScxmlTestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "SCXML files or folders of them.")
    List<Path> paths = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Path> files = ScxmlTestRunner.collect(paths);
        int passed = 0;
        int failed = 0;
        int invalid = 0;
        for (Path file : files) {
            ScxmlTestRunner.Result r = ScxmlTestRunner.run(file);
            out.println(r.line());
            out.flush();
            if (r.passed()) {
                passed++;
            } else {
                failed++;
                invalid += r.invalid() ? 1 : 0;
            }
        }
        out.println(passed + " passed, " + failed + " failed" + (invalid == 0 ? "" : " (" + invalid + " invalid)"));
        out.flush();
        return invalid > 0 ? CanopyMain.EXIT_BAD_INPUT : failed > 0 ? CanopyMain.EXIT_FAILED : CanopyMain.EXIT_OK;
    }
}
