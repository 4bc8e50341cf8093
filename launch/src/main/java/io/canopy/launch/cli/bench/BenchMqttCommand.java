package io.canopy.launch.cli.bench;

import io.canopy.InputException;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.bench.MqttBench;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code canopy bench mqtt [--broker URL|embedded] [--qos 0|1] [--count N] [--json]}: round trips requester →
 * broker → echo → broker → requester with protobuf Envelopes, then a one-way burst for messages per second.
 */
@Command(name = "mqtt", mixinStandardHelpOptions = true,
        description = "Measure MQTT round-trip latency (p50/p90/p99) and throughput through a broker.")
final class BenchMqttCommand implements Callable<Integer> {
    @Option(names = "--broker", defaultValue = NodeConfig.EMBEDDED,
            description = "Broker URL (tcp://host:port) or 'embedded' (default) for an in-process Moquette.")
    String broker;

    @Option(names = "--qos", defaultValue = "1", description = "0 (telemetry) or 1 (commands); default 1.")
    int qos;

    @Option(names = "--count", defaultValue = "2000", description = "Round trips measured (default 2000).")
    int count;

    @Option(names = "--warmup", defaultValue = "500", description = "Round trips before measuring (default 500).")
    int warmup;

    @Option(names = "--burst", defaultValue = "20000", description = "One-way messages for the rate (0: skip).")
    int burst;

    @Option(names = "--no-nodelay", description = "Leave Nagle's algorithm on (to see what TCP_NODELAY saves).")
    boolean noNoDelay;

    @Option(names = "--json", description = "Print one JSON object on the last line.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (qos != 0 && qos != 1) {
            throw new InputException("--qos " + qos + ": use 0 or 1");
        }
        if (count <= 0 || warmup < 0 || burst < 0) {
            throw new InputException("--count must be positive, --warmup and --burst not negative (got "
                    + count + ", " + warmup + ", " + burst + ")");
        }
        MqttBench.Result r = MqttBench.run(broker, Qos.of(qos), warmup, count, burst, !noNoDelay);
        System.out.println(r.text());
        if (json) {
            System.out.println(r.json());
        }
        return CanopyMain.EXIT_OK;
    }
}
