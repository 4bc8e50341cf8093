package io.canopy.launch.cli.topic;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.canopy.InputException;
import io.canopy.launch.cli.BrokerOptions;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.launch.record.BagInfo;
import io.canopy.launch.status.StatusText;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Qos;
import io.canopy.proto.Envelope;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy echo TOPIC [--broker URL] [--user NAME --password-env VAR] [--ca-file PEM]}: prints every message on an MQTT topic (or filter such as {@code robot1/#}), one
 * line each, like {@code ros2 topic echo}: the topic, the Envelope header (stamp as UTC, source, and the
 * correlation id, reply topic and deadline when set) and the body in protobuf text format. Payloads that are
 * not Envelopes (the retained {@code online}/{@code offline} state) are printed as text, or as hex when not
 * text. Runs until Ctrl-C, {@code --count} messages or {@code --duration}.
 */
@Command(name = "echo", mixinStandardHelpOptions = true, description = {
        "Print decoded messages from an MQTT topic or filter, one line each, like ros2 topic echo.",
        "Also 'canopy topic echo'. Examples: canopy echo 'robot1/#'",
        "  canopy topic echo robot1/controller/battery --once --field percent",
        "  canopy topic echo robot1/controller/machines --json",
        "Exit codes: 0 done (Ctrl-C, --count, --once, --duration), 2 bad input or broker not reachable."})
public final class EchoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TOPIC", description = "MQTT topic or filter, e.g. robot1/cmd or robot1/#.")
    String topic;

    @Mixin
    BrokerOptions brokerOptions;

    @Option(names = "--count", paramLabel = "N", defaultValue = "0", description = "Exit after N messages; 0 = no limit.")
    long count;

    @Option(names = "--once", description = "Exit after the first message (--count 1).")
    boolean once;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "0",
            description = "Exit after this long (500ms, 5s, 2m, or plain seconds); 0 = until Ctrl-C.")
    String duration;

    @Option(names = "--json", description = "One JSON object per message: topic, retained, type, stamp, source, body.")
    boolean json;

    @Option(names = "--field", paramLabel = "PATH",
            description = "Print only this field of the body, e.g. percent, active_states, nodes.0.name (proto or JSON names).")
    String field;

    @Option(names = "--bag", paramLabel = "FILE.mcap",
            description = "Print the messages of TOPIC (a filter: robot1/controller/in/#) from a recording instead of a broker.")
    Path bag;

    @Override
    public Integer call() throws Exception {
        if (bag != null) {
            return echoBag();
        }
        if (count < 0) {
            throw new InputException("--count " + count + ": must not be negative; give 0 for no limit or the number"
                    + " of messages to print, for example --count 10");
        }
        long limit = once ? 1 : count;
        long durationNs = OptionCheck.durationNs("--duration", duration, false);
        // the filter is used as typed (not namespaced), and errors quote it as typed
        String filter = MqttNode.checkFilter(topic);
        PrintWriter out = spec.commandLine().getOut();
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong printed = new AtomicLong();
        MessageView view = new MessageView(json, field);
        try (MqttNode node = brokerOptions.connect("echo")) {
            node.newRawSubscriber("/" + filter, Qos.AT_LEAST_ONCE, (t, payload, retained) -> {
                String line = view.line(t, payload, retained);
                synchronized (out) {
                    if (line == null || limit > 0 && printed.get() >= limit) {
                        return;
                    }
                    out.println(line);
                    out.flush();
                    if (limit > 0 && printed.incrementAndGet() >= limit) {
                        done.countDown();
                    }
                }
            });
            spec.commandLine().getErr().println("listening on " + topic + " at " + brokerOptions.broker);
            spec.commandLine().getErr().flush();
            if (durationNs > 0) {
                done.await(durationNs, TimeUnit.NANOSECONDS);
            } else {
                done.await();
            }
        }
        return CanopyMain.EXIT_OK;
    }

    /** {@code --bag}: the recorded messages whose channel matches TOPIC, one line each, in file order. */
    private int echoBag() throws IOException {
        if (!Files.isRegularFile(bag)) {
            throw new InputException("--bag " + bag + ": no such file; give a recording made with canopy run --record");
        }
        // a bare name (fc) is a device link: its reads and written frames, each MAVLink frame decoded
        Pattern match = topic.matches("[\\w.-]+") ? Pattern.compile(".*/(in|out)/device/" + Pattern.quote(topic))
                : Pattern.compile(Pattern.quote(topic.replaceFirst("^/", ""))
                .replace("+", "\\E[^/]*\\Q").replace("#", "\\E.*\\Q"));
        PrintWriter out = spec.commandLine().getOut();
        long[] printed = {0};
        BagInfo.messages(bag, (t, schema, logTimeNs, data) -> {
            if ((count > 0 && printed[0] >= count) || !match.matcher(t).matches()) {
                return;
            }
            printed[0]++;
            try {
                List<String> frames = BagInfo.deviceLines(schema, data);
                if (frames != null) {
                    String head = t + " " + Instant.ofEpochSecond(0, logTimeNs) + (t.contains("/out/device/") ? " out " : " in ");
                    frames.forEach(f -> out.println(head + f));
                    return;
                }
                Message m = BagInfo.decodeRecord(schema, data);
                out.println(m == null ? format(t, data, false)
                        : t + " " + Instant.ofEpochSecond(0, logTimeNs) + " " + TextFormat.printer().shortDebugString(m));
            } catch (IOException e) {
                out.println(t + " (undecodable " + schema + ": " + e.getMessage() + ")");
            }
        });
        out.flush();
        if (printed[0] == 0) {
            spec.commandLine().getErr().println("canopy: no message in " + bag + " on " + topic + "; see its channels with canopy bag info " + bag);
            return CanopyMain.EXIT_BAD_INPUT;
        }
        return CanopyMain.EXIT_OK;
    }

    /** The option's value as the user typed it (picocli's parsed value when it was not typed). */
    private String typed(String option, Object parsed) {
        var result = spec.commandLine().getParseResult();
        var matched = result == null ? null : result.matchedOption(option);
        return matched == null || matched.stringValues().isEmpty() ? String.valueOf(parsed) : matched.stringValues().get(0);
    }

    /** One line: topic, header, body; or the raw payload when it is not an Envelope. */
    static String format(String topic, byte[] payload, boolean retained) {
        StringBuilder sb = new StringBuilder(topic);
        if (retained) {
            sb.append(" (retained)");
        }
        Envelope env;
        try {
            env = Envelope.parseFrom(payload);
        } catch (InvalidProtocolBufferException e) {
            return sb.append(' ').append(raw(payload)).toString();
        }
        if (env.getStampNs() != 0) {
            sb.append(" stamp=").append(Instant.ofEpochSecond(0, env.getStampNs()));
        }
        if (!env.getSource().isEmpty()) {
            sb.append(" source=").append(env.getSource());
        }
        if (env.getCorrelationId() != 0) {
            sb.append(" correlation_id=").append(Long.toUnsignedString(env.getCorrelationId()));
        }
        if (!env.getReplyTo().isEmpty()) {
            sb.append(" reply_to=").append(env.getReplyTo());
        }
        if (env.getDeadlineNs() != 0) {
            sb.append(" deadline=").append(Instant.ofEpochSecond(0, env.getDeadlineNs()));
        }
        var field = env.getOneofFieldDescriptor(Envelope.getDescriptor().getOneofs().get(0));
        if (field == null) {
            return sb.append(" (no body)").toString();
        }
        Message body = (Message) env.getField(field);
        String status = StatusText.format(topic, body); // full status: readable, not bytes
        if (status != null) {
            return sb.append(' ').append(status).toString();
        }
        return sb.append(' ').append(field.getName()).append(" { ")
                .append(TextFormat.printer().shortDebugString(body)).append(" }").toString();
    }

    private static String raw(byte[] payload) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(payload)).toString();
            if (text.chars().allMatch(c -> c >= 0x20 || c == '\t')) {
                return "(not an Envelope) \"" + text + "\"";
            }
        } catch (CharacterCodingException e) {
            // binary: hex below
        }
        int n = Math.min(payload.length, 64);
        return "(not an Envelope, " + payload.length + " bytes) " + HexFormat.of().formatHex(payload, 0, n)
                + (n < payload.length ? "..." : "");
    }
}
