package io.canopy.launch.cli;

import io.canopy.launch.record.Replay;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy replay run.mcap [--check] [--with FILE]... [--until TIME]}: re-runs the launch file embedded in a
 * recording on the manual clock from the recorded inputs, as fast as it can (see {@link Replay}).
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Re-run a recording (canopy run --record) tick for tick: the launch, tree and machine files embedded in it, "
                + "on the manual clock, fed the recorded serial messages, MQTT commands and timer ticks instead of ports and "
                + "brokers, as fast as it can.",
            "Exit codes: 0 replayed (with --check: identical), 1 --check found a difference (printed as one line), 2 bad input."})
final class ReplayCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE.mcap", arity = "1..*", description = "a recording made with canopy run --record; of a "
            + "recording split by --record-max-size, its first file or any of its files (run-*.mcap): the whole run is replayed")
    List<Path> files = new ArrayList<>();

    @Option(names = "--check", description = "Compare every output (out/*: published events, motor set-points) and every tree "
            + "and machine transition with the recording; print the first difference (channel, tick, time, expected vs got) "
            + "and exit 1, or a one-line summary and exit 0.")
    boolean check;

    @Option(names = "--with", paramLabel = "FILE", description = "Run this local tree or machine file instead of the recorded "
            + "one of the same name (or relative path, e.g. trees/patrol.xml): how would a change have behaved on this run? "
            + "Repeatable.")
    List<Path> with = new ArrayList<>();

    @Option(names = "--plugin", paramLabel = "JAR", description = "A plugin jar the recorded run loaded (<plugin jar>), if it "
            + "is not next to the recording: it must be the same jar (its SHA-256 is in the recording). Repeatable.")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "--until", paramLabel = "TIME", description = "Stop at this time from the start of the recording (500ms, "
            + "5s, 2m) and print each machine's active states and the blackboard.")
    String until;

    @Override
    public Integer call() {
        long untilNs = until == null ? -1 : OptionCheck.durationNs("canopy replay: --until", until, false);
        Object logger = LoggerFactory.getLogger("io.canopy");
        ch.qos.logback.classic.Logger quiet = !CanopyMain.debug && logger instanceof ch.qos.logback.classic.Logger l ? l : null;
        ch.qos.logback.classic.Level level = quiet == null ? null : quiet.getLevel();
        Replay.Result r;
        try {
            if (quiet != null) {
                quiet.setLevel(ch.qos.logback.classic.Level.ERROR); // the replayed node's own log lines are not news
            }
            r = Replay.run(files, new Replay.Options(with, untilNs, check, plugins));
        } finally {
            if (quiet != null) {
                quiet.setLevel(level);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        Path file = r.files().isEmpty() ? files.get(0) : r.files().get(0);
        if (r.divergence() != null) {
            out.println(file + " " + r.divergence().line());
            out.flush();
            return CanopyMain.EXIT_FAILED;
        }
        out.println(file + ": " + r.summary(check));
        out.print(r.state());
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}
