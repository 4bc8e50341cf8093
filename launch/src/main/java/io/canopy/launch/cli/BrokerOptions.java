package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.messaging.Node;
import io.canopy.messaging.NodeConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * How the monitoring commands ({@code topic}, {@code node}, {@code call}) reach a broker: {@code --broker},
 * {@code --user}, {@code --password-env}, {@code --ca-file}, {@code --connect-timeout-ms}. {@link #connect}
 * starts a quiet client node (no {@code state} announcement) and fails with one line when the broker is not
 * reachable.
 */
final class BrokerOptions {
    @Option(names = "--broker", paramLabel = "URL", defaultValue = "tcp://127.0.0.1:1883",
            description = "tcp://HOST:PORT or ssl://HOST:PORT (default: ${DEFAULT-VALUE}).")
    String broker;

    @Option(names = "--user", paramLabel = "NAME", description = "MQTT username.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "Environment variable holding the MQTT password (never on the command line).")
    String passwordEnv;

    @Option(names = "--ca-file", paramLabel = "PEM", description = "For ssl:// brokers: the CA certificate to trust.")
    Path caFile;

    @Option(names = "--connect-timeout-ms", defaultValue = "5000",
            description = "Give up when the broker is not reachable within this time (default: ${DEFAULT-VALUE}).")
    long connectTimeoutMs;

    /** A connected client node named {@code canopy_<what>_<pid>}; the caller closes it. */
    Node connect(String what) throws InterruptedException {
        if (connectTimeoutMs <= 0) {
            throw new InputException("--connect-timeout-ms " + connectTimeoutMs + ": must be positive; for example"
                    + " --connect-timeout-ms 5000");
        }
        if (broker.equals(NodeConfig.EMBEDDED)) {
            throw new InputException("--broker embedded would start a broker of its own; give the URL of the nodes'"
                    + " broker, for example tcp://127.0.0.1:1883");
        }
        NodeConfig.Builder b = NodeConfig.builder("canopy_" + what + "_" + ProcessHandle.current().pid()).broker(broker)
                .announceState(false).warnFirstConnectFailure(false);
        if (passwordEnv != null && System.getenv(passwordEnv) == null) {
            throw new InputException("--password-env " + passwordEnv + ": no such environment variable; export it first");
        }
        if (user != null) {
            b.credentials(user, passwordEnv == null ? null : System.getenv(passwordEnv).toCharArray());
        }
        if (caFile != null) {
            if (!Files.isReadable(caFile)) {
                throw new InputException("--ca-file " + caFile + ": cannot read it; give the broker's CA certificate (PEM)");
            }
            b.tlsCaFile(caFile);
        }
        Node node = Node.start(b.build());
        if (!node.awaitConnected(connectTimeoutMs)) {
            String why = node.lastConnectionError();
            node.close();
            throw new InputException("MQTT broker " + broker + " not reachable within " + connectTimeoutMs + " ms ("
                    + (why == null ? "no answer" : why) + "); start it, or pass --broker URL");
        }
        return node;
    }
}
