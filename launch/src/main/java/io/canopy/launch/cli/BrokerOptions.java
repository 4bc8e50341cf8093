package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import picocli.CommandLine.Option;

/**
 * How the monitoring commands ({@code topic}, {@code node}, {@code call}) reach a broker: {@code --broker},
 * {@code --user}, {@code --password-env}, {@code --ca-file}, {@code --connect-timeout-ms}. {@link #connect}
 * starts a quiet client node (no {@code state} announcement) and fails with one line when the broker is not
 * reachable.
 */
public final class BrokerOptions {
    @Option(names = "--broker", paramLabel = "URL", defaultValue = "tcp://127.0.0.1:1883",
            description = "tcp://HOST:PORT or ssl://HOST:PORT (default: ${DEFAULT-VALUE}).")
    public String broker;

    @picocli.CommandLine.Mixin
    BrokerLogin login = new BrokerLogin();

    @Option(names = "--connect-timeout-ms", defaultValue = "5000",
            description = "Give up when the broker is not reachable within this time (default: ${DEFAULT-VALUE}).")
    long connectTimeoutMs;

    /** A connected client node named {@code canopy_<what>_<pid>}; the caller closes it. */
    public MqttNode connect(String what) throws InterruptedException {
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
        login.applyTo(b);
        MqttNode node = MqttNode.start(b.build());
        boolean up;
        try {
            up = node.awaitConnected(connectTimeoutMs); // throws InputException at once on a refused login (CONNACK 4/5)
        } catch (InputException e) {
            node.close();
            throw e;
        }
        if (!up) {
            String why = node.lastConnectionError();
            node.close();
            throw new InputException("MQTT broker " + broker + " not reachable within " + connectTimeoutMs + " ms ("
                    + (why == null ? "no answer" : why) + "); start it, or pass --broker URL");
        }
        return node;
    }
}
