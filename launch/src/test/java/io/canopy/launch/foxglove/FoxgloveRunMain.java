package io.canopy.launch.foxglove;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.record.WellKnownMcap;
import io.canopy.launch.report.MonitorOptions;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeTap;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The CI's stand-in for {@code canopy run FILE --foxglove PORT} until the lead wires {@link FoxgloveOptions} into
 * {@code RunCommand} ({@code .ci/test.d/foxglove.sh} uses the jar once {@code canopy run --help} lists
 * {@code --foxglove}): runs the launch file for {@code --duration-s} seconds with the live server, and with
 * {@code --well-known-mcap FILE} also records the well-known channels (see {@code WellKnownMcap}).
 */
@CommandLine.Command(name = "foxglove-run")
public final class FoxgloveRunMain implements Callable<Integer> {
    @Parameters(index = "0")
    Path file;

    @Option(names = "--arg")
    Map<String, String> args = new LinkedHashMap<>();

    @Option(names = "--duration-s", defaultValue = "8")
    double seconds;

    @Option(names = "--well-known-mcap")
    Path mcap;

    @Mixin
    FoxgloveOptions foxglove = new FoxgloveOptions();

    public static void main(String[] argv) {
        System.exit(new CommandLine(new FoxgloveRunMain()).execute(argv));
    }

    @Override
    public Integer call() throws Exception {
        LaunchPlan plan = LaunchLoader.load(file, args);
        WellKnownMcap recording = mcap == null ? null : new WellKnownMcap(mcap);
        Function<NodePlan, NodeTap> inner = recording == null ? null : n -> new FoxgloveTap(NodeTap.NONE, recording::add);
        LaunchRunner runner = LaunchRunner.start(plan, NodeRegistry.withBuiltins(), MonitorOptions.NONE, foxglove.taps(inner, System.out));
        try {
            Thread.sleep((long) (seconds * 1000));
        } finally {
            runner.views().forEach(v -> v.timerStats().forEach(t -> System.out.println("timer " + t)));
            runner.shutdown();
            foxglove.close();
            if (recording != null) {
                recording.close();
                System.out.println("well-known recording: " + mcap + ", " + recording.written() + " messages");
            }
        }
        return 0;
    }
}
