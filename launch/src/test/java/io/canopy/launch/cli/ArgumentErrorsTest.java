package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Command-line typos through the command tree {@link CanopyMain} builds, with {@link ArgumentErrors} installed the
 * way {@code CanopyMain.configure} installs it: one line, a did-you-mean from the project's edit distance, exit 2.
 */
class ArgumentErrorsTest {
    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        Object root = args.length > 0 && args[0].equals("run") ? new CanopyMain.RunOnly() : new CanopyMain();
        CommandLine cl = ArgumentErrors.install(new CommandLine(root));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    private static String oneLine(Result r) {
        assertThat(r.code()).as("exit code; stderr: %s", r.err()).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(r.out()).as("nothing on stdout").isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n");
        return r.err().strip();
    }

    @Test
    void aMisspeltOptionOfRunGetsTheNearestOption() {
        assertThat(oneLine(run("run", "x.launch.xml", "--durration", "10s"))).isEqualTo(
                "canopy: unknown option '--durration'; did you mean '--duration'? (see 'canopy run --help')");
    }

    @Test
    void aMisspeltCommandGetsTheNearestCommandAtEveryLevel() {
        assertThat(oneLine(run("tpoic", "list"))).isEqualTo(
                "canopy: unknown command 'tpoic'; did you mean 'topic'? (see 'canopy --help')");
        assertThat(oneLine(run("topic", "lsit"))).isEqualTo(
                "canopy: unknown command 'lsit'; did you mean 'list'? (see 'canopy topic --help')");
    }

    @Test
    void aWordFarFromEveryNameGetsNoGuess() {
        assertThat(oneLine(run("validate", "a.xml", "--frobnicate")))
                .isEqualTo("canopy: unknown option '--frobnicate' (see 'canopy validate --help')");
    }

    @Test
    void anArgWrittenAsTwoWordsSaysHowToWriteIt() {
        assertThat(oneLine(run("run", "x.launch.xml", "--arg", "robot", "robot2"))).isEqualTo(
                "canopy: write --arg robot=robot2 (--arg takes one NAME=VALUE word, not two words)"
                        + " (see 'canopy run --help')");
    }

    @Test
    void helpAfterAnUnknownCommandIsAnErrorNotTheTopLevelHelp() {
        assertThat(oneLine(run("dynamixel", "--help")))
                .isEqualTo("canopy: unknown command 'dynamixel' (see 'canopy --help')");
        assertThat(oneLine(run("tpoic", "--help"))).startsWith("canopy: unknown command 'tpoic'; did you mean 'topic'?");
    }

    @Test
    void helpOfARealCommandStillPrintsItsHelpAndExitsZero() {
        Result r = run("validate", "--help");
        assertThat(r.code()).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(r.out()).startsWith("Usage: canopy validate");
        r = run("--help");
        assertThat(r.code()).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(r.out()).startsWith("Usage: canopy");
    }

    @Test
    void otherParameterErrorsKeepPicocliWords() {
        assertThat(oneLine(run("run"))).startsWith("canopy: Missing required parameter");
    }
}
