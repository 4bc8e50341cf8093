package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.messaging.NodeConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How a command logs in to an external broker: {@code --user}, {@code --password-env} (the password never on
 * the command line, where {@code ps} shows it) and {@code --ca-file} for {@code ssl://} brokers. On
 * {@code canopy run} they override every node's {@code <mqtt>} login; an embedded broker takes none.
 */
public final class BrokerLogin {
    @Option(names = "--user", paramLabel = "NAME", description = "MQTT user name (with --password-env for its password).")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable holding the MQTT password.")
    String passwordEnv;

    @Option(names = "--ca-file", paramLabel = "PEM", description = "For ssl:// brokers: the CA certificate to trust.")
    Path caFile;

    boolean given() {
        return user != null || passwordEnv != null || caFile != null;
    }

    /** The password from the environment, or null; one clear error when the variable is missing. */
    String password() {
        if (passwordEnv == null) {
            return null;
        }
        String value = System.getenv(passwordEnv);
        if (value == null) {
            throw new InputException("--password-env " + passwordEnv + ": no such environment variable; export it first");
        }
        if (user == null) {
            throw new InputException("--password-env " + passwordEnv + " needs --user NAME: a password logs in a user");
        }
        return value;
    }

    Path checkedCaFile() {
        if (caFile != null && !Files.isReadable(caFile)) {
            throw new InputException("--ca-file " + caFile + ": cannot read it; give the broker's CA certificate (PEM)");
        }
        return caFile == null ? null : caFile.toAbsolutePath();
    }

    /** Sets the login on a client's configuration (one clear error for a missing variable or unreadable file). */
    public void applyTo(NodeConfig.Builder b) {
        String password = password();
        if (user != null) {
            b.credentials(user, password == null ? null : password.toCharArray());
        }
        Path ca = checkedCaFile();
        if (ca != null) {
            b.tlsCaFile(ca);
        }
    }

    /** Every node of {@code plan} logging in this way (nodes on an embedded broker are refused: it has no login). */
    public LaunchPlan applyTo(LaunchPlan plan) {
        if (!given()) {
            return plan;
        }
        String password = password();
        Path ca = checkedCaFile();
        List<NodePlan> nodes = new ArrayList<>();
        for (NodePlan n : plan.nodes()) {
            if (n.mqtt() == null) {
                nodes.add(n);
                continue;
            }
            if (n.mqtt().embedded()) {
                throw new InputException("--user/--password-env/--ca-file: node '" + n.fullName()
                        + "' uses the embedded broker, which has no login; point it at your broker (--arg broker=ssl://HOST:8883)");
            }
            nodes.add(n.withMqtt(n.mqtt().withLogin(user, password, ca)));
        }
        return new LaunchPlan(plan.file(), plan.args(), nodes);
    }
}
