package io.canopy.launch.cli.bench;

import picocli.CommandLine.Command;

/** {@code canopy bench ticker|tree|fsm|serial|mqtt|soak}: the measurements quoted in the README. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measure lateness, tick cost, dispatch cost and link latency.",
        subcommands = {BenchTickerCommand.class, BenchTreeCommand.class, BenchFsmCommand.class, BenchSerialCommand.class,
            BenchMqttCommand.class, BenchSoakCommand.class, BenchObserveCommand.class, BenchLatencyCommand.class})
public final class BenchCommand {}
