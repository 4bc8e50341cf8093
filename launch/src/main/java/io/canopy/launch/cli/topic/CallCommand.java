package io.canopy.launch.cli.topic;

import com.google.protobuf.Message;
import io.canopy.InputException;
import io.canopy.launch.cli.BrokerOptions;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.service.ServiceClient;
import io.canopy.messaging.service.ServiceException;
import io.canopy.proto.Envelope;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy call SERVICE REQUEST}: one request to a service of the MQTT layer ({@code ServiceServer}: the
 * request Envelope carries a correlation id, the reply topic and a deadline) and prints the reply, like
 * {@code ros2 service call}. Every Canopy node answers {@code <node>/describe} with its info.
 */
@Command(name = "call", mixinStandardHelpOptions = true,
        description = {"Call a request/response service and print the reply's body as JSON, like ros2 service call.",
            "The request is JSON or protobuf text of --type (default Event).",
            "Examples: canopy call robot1/controller/describe '{}'",
            "          canopy call robot1/arm/home '{\"name\": \"home\"}' --type Event --timeout 2s",
            "Exit codes: 0 answered, 1 error reply or no reply in time, 2 bad input or broker not reachable."})
public final class CallCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Parameters(index = "0", paramLabel = "SERVICE", description = "The service topic, e.g. robot1/controller/describe.")
    String service;

    @Parameters(index = "1", arity = "0..1", defaultValue = "{}", paramLabel = "REQUEST",
            description = "The request as JSON ({...}) or protobuf text (default: {}).")
    String request;

    @Option(names = "--type", paramLabel = "TYPE", defaultValue = "Event",
            description = "The request's message type (default: ${DEFAULT-VALUE}).")
    String type;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "5s",
            description = "How long to wait for the reply (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Integer call() throws InterruptedException {
        long timeoutNs = OptionCheck.durationNs("--timeout", timeout, true);
        String topic = MqttNode.checkFilter(service);
        if (topic.contains("+") || topic.contains("#")) {
            throw new InputException("service '" + service + "': a service is one topic, without wildcards");
        }
        Message q = MessageText.parse(type, request);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (MqttNode client = brokerOptions.connect("call")) {
            ServiceClient c = client.newServiceClient("/" + topic, (Class) q.getClass(), Envelope.class);
            Envelope reply = (Envelope) c.call(q, Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNs))).get();
            out.println(MessageView.json(reply));
            out.flush();
            return CanopyMain.EXIT_OK;
        } catch (ExecutionException e) {
            Throwable why = e.getCause();
            if (why instanceof ServiceException) {
                err.println("canopy call: " + service + " answered with an error: " + why.getMessage());
            } else if (why instanceof TimeoutException) {
                err.println("canopy call: " + why.getMessage() + "; see the services with: canopy node info NODE");
            } else {
                err.println("canopy call: " + service + ": " + why);
            }
            err.flush();
            return CanopyMain.EXIT_FAILED;
        }
    }
}
