package io.canopy.launch.cli.topic;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.canopy.InputException;
import io.canopy.launch.cli.BrokerLogin;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.proto.Event;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy pub TOPIC --event NAME [--payload TEXT]} publishes one canopy {@code Event};
 * {@code canopy pub TOPIC TYPE BODY} publishes any message type of the wire format ({@code MotorCommand},
 * {@code BatteryState}, ...) from JSON ({@code '{"motorId": 1, "velocity": 2.5}'}) or protobuf text format
 * ({@code 'motor_id: 1 velocity: 2.5'}). In an Envelope (stamped, source {@code canopy_pub}), QoS 1 by default;
 * it waits until the broker has it.
 */
@Command(name = "pub", mixinStandardHelpOptions = true, description = {
        "Publish one message on an MQTT topic: an event (--event NAME), or any message type from JSON or protobuf text.",
        "Examples: canopy pub robot1/cmd/stop --event stop",
        "          canopy pub robot1/cmd/motor MotorCommand '{\"motorId\": 1, \"velocity\": 2.5}'"})
public final class PubCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TOPIC", description = "MQTT topic, e.g. robot1/events.")
    String topic;

    @Parameters(index = "1", arity = "0..1", paramLabel = "TYPE",
            description = "A message type of the wire format (MotorCommand, BatteryState, Event, ...).")
    String type;

    @Parameters(index = "2", arity = "0..1", paramLabel = "BODY",
            description = "The message as JSON ({...}) or protobuf text format (field: value ...); default empty.")
    String body;

    @Option(names = "--event", paramLabel = "NAME", description = "Publish an Event with this name.")
    String event;

    @Option(names = "--payload", paramLabel = "TEXT", defaultValue = "", description = "Event payload (UTF-8 text).")
    String payload;

    @Option(names = "--qos", defaultValue = "1", description = "0 or 1 (default: ${DEFAULT-VALUE}).")
    int qos;

    @Option(names = "--retain", description = "Ask the broker to keep it for late subscribers.")
    boolean retain;

    @Option(names = "--valid-for-ms", defaultValue = "0",
            description = "Receivers drop it after this many ms (sets the deadline); 0 = no deadline.")
    long validForMs;

    @Option(names = "--broker", paramLabel = "URL", defaultValue = "tcp://127.0.0.1:1883",
            description = "tcp://HOST:PORT or ssl://HOST:PORT (default: ${DEFAULT-VALUE}).")
    String broker;

    @picocli.CommandLine.Mixin
    BrokerLogin login = new BrokerLogin();

    @Option(names = "--connect-timeout-ms", defaultValue = "5000", description = "Give up after this (default: ${DEFAULT-VALUE}).")
    long connectTimeoutMs;

    @Override
    public Integer call() throws Exception {
        if ((event == null) == (type == null)) {
            throw new InputException(event == null ? "say what to publish: --event NAME, or a message TYPE and BODY (see --help)"
                    : "give either --event " + event + " or a message type (" + type + "), not both");
        }
        Message message = event != null
                ? Event.newBuilder().setName(event).setPayload(ByteString.copyFromUtf8(payload)).build()
                : MessageText.parse(type, body == null ? "" : body);
        if (qos != 0 && qos != 1) {
            throw new InputException("--qos " + qos + ": must be 0 or 1");
        }
        if (topic.contains("+") || topic.contains("#")) {
            throw new InputException("topic '" + topic + "': wildcards cannot be published to; give a concrete topic");
        }
        if (broker.equals(NodeConfig.EMBEDDED)) {
            throw new InputException("--broker embedded would publish into a broker of its own; give the node's broker URL");
        }
        NodeConfig.Builder b = NodeConfig.builder("canopy_pub").broker(broker).announceState(false)
                .warnFirstConnectFailure(false) // the command reports an unreachable broker itself, in one line
                .clientId("canopy-pub-" + ProcessHandle.current().pid());
        login.applyTo(b);
        try (MqttNode node = MqttNode.start(b.build())) {
            if (!node.awaitConnected(connectTimeoutMs)) {
                String why = node.lastConnectionError();
                throw new InputException("MQTT broker " + broker + " not reachable within " + connectTimeoutMs + " ms ("
                        + (why == null ? "no answer" : why) + "); start it, or pass --broker URL");
            }
            String absolute = topic.startsWith("/") ? topic : "/" + topic;
            String topicName = publish(node, absolute, message);
            spec.commandLine().getOut().println((event != null ? "published event '" + event + "'"
                    : "published " + message.getDescriptorForType().getName()) + " on " + topicName);
        } // close() waits for the broker's acknowledgement of a QoS 1 message before disconnecting
        return CanopyMain.EXIT_OK;
    }

    @SuppressWarnings("unchecked")
    private <T extends Message> String publish(MqttNode node, String absolute, T message) {
        Publisher<T> pub = node.newPublisher(absolute, (Class<T>) message.getClass(),
                qos == 1 ? Qos.AT_LEAST_ONCE : Qos.AT_MOST_ONCE, retain);
        if (validForMs > 0) {
            pub.publish(message, validForMs);
        } else {
            pub.publish(message);
        }
        return pub.topic();
    }
}
