package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.web.FleetMonitor;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy monitor --broker URL [--port 8080]}: a web page of every robot on a broker (robot picker, fleet
 * overview, and each robot's trees, machines, timers, links and pose), from the status topics the nodes publish.
 */
@Command(name = "monitor", mixinStandardHelpOptions = true,
        description = {"Serve a live web page of every robot on an MQTT broker, from their status topics.",
            "Read-only; runs until Ctrl-C or --duration."})
final class MonitorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--broker", paramLabel = "URL", defaultValue = "tcp://127.0.0.1:1883",
            description = "The robots' broker: tcp://HOST:PORT or ssl://HOST:PORT (default: ${DEFAULT-VALUE}).")
    String broker;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080", description = "Port of the page (default: ${DEFAULT-VALUE}; 0 = any free port).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address the page listens on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--user", paramLabel = "NAME", description = "MQTT username.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable holding the MQTT password.")
    String passwordEnv;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "0", description = "Stop after this long (30s, 2m); 0 = until Ctrl-C.")
    String duration;

    @Option(names = "--connect-timeout-ms", defaultValue = "5000", description = "Give up when the broker is not reachable within this time.")
    long connectTimeoutMs;

    @Override
    public Integer call() throws Exception {
        long durationNs = OptionCheck.durationNs("--duration", duration, false);
        if (port < 0 || port > 65_535) {
            throw new InputException("--port " + port + ": not a port; write for example --port 8080");
        }
        if (broker.equals(NodeConfig.EMBEDDED)) {
            throw new InputException("--broker embedded would watch a broker of its own; give the robots' broker, for example tcp://127.0.0.1:1883");
        }
        NodeConfig.Builder b = NodeConfig.builder("canopy_monitor_" + ProcessHandle.current().pid()).broker(broker)
                .announceState(false).warnFirstConnectFailure(false);
        if (passwordEnv != null && System.getenv(passwordEnv) == null) {
            throw new InputException("--password-env " + passwordEnv + ": no such environment variable; export it first");
        }
        if (user != null) {
            b.credentials(user, passwordEnv == null ? null : System.getenv(passwordEnv).toCharArray());
        }
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown, "canopy-monitor-stop"));
        try (MqttNode node = MqttNode.start(b.build())) {
            if (!node.awaitConnected(connectTimeoutMs)) {
                String why = node.lastConnectionError();
                throw new InputException("MQTT broker " + broker + " not reachable within " + connectTimeoutMs + " ms ("
                        + (why == null ? "no answer" : why) + "); start it, or pass --broker URL");
            }
            try (FleetMonitor m = FleetMonitor.start(node, bind, port, System.out)) {
                if (durationNs > 0) {
                    stop.await(durationNs, TimeUnit.NANOSECONDS);
                } else {
                    stop.await();
                }
            }
        }
        return CanopyMain.EXIT_OK;
    }
}
