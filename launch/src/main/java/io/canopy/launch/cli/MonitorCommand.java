package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.run.Signals;
import io.canopy.launch.web.FleetMonitor;
import io.canopy.messaging.MqttNode;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy monitor --broker URL [--port 8080]}: a web page of every robot on a broker (robot picker, fleet
 * overview, and each robot's trees, machines, timers, links and pose), from the status topics the nodes publish.
 */
@Command(name = "monitor", mixinStandardHelpOptions = true,
        description = {"Serve a live web page of every robot on an MQTT broker, from their status topics.",
            "Read-only; runs until Ctrl-C or --duration (exit 0). The broker options are those of every command",
            "that talks to a broker (--broker, --user, --password-env, --ca-file): watch a TLS broker with a private CA",
            "with --broker ssl://HOST:8883 --user operator --password-env VAR --ca-file ca.crt.",
            "While the monitor's own connection is down, every robot's state is shown as unknown."})
final class MonitorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080", description = "Port of the page (default: ${DEFAULT-VALUE}; 0 = any free port).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address the page listens on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "0", description = "Stop after this long (30s, 2m); 0 = until Ctrl-C.")
    String duration;

    @Override
    public Integer call() throws Exception {
        long durationNs = OptionCheck.durationNs("--duration", duration, false);
        if (port < 0 || port > 65_535) {
            throw new InputException("--port " + port + ": not a port; write for example --port 8080");
        }
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        // SIGINT/SIGTERM end the wait and the command returns 0, as canopy run does (not the JVM's 130)
        Signals.onInterrupt(signal -> stop.countDown(), () -> awaitQuietly(done));
        try (MqttNode node = brokerOptions.connect("monitor")) {
            try (FleetMonitor m = FleetMonitor.start(node, bind, port, System.out)) {
                if (durationNs > 0) {
                    stop.await(durationNs, TimeUnit.NANOSECONDS);
                } else {
                    stop.await();
                }
            }
        } finally {
            done.countDown();
        }
        return CanopyMain.EXIT_OK;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
