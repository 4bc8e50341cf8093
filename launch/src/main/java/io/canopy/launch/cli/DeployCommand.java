package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.cli.topic.GraphSnapshot;
import io.canopy.launch.deploy.DeployClient;
import io.canopy.launch.deploy.DeployReply;
import io.canopy.launch.deploy.DeployRequest;
import io.canopy.launch.record.Replay;
import io.canopy.launch.run.FileDigest;
import io.canopy.messaging.MqttNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code canopy deploy}: new tree versions to one robot or a fleet, canary first, checked against recordings first. */
@Command(name = "deploy", mixinStandardHelpOptions = true,
        description = {"Send new versions of tree files to running nodes over MQTT; each node checks them as at start and",
            "swaps them in at a safe tick (--when). Nodes need <deploy/> in their launch file (or canopy run --allow-deploy).",
            "Example: canopy deploy --broker tcp://10.0.0.2:1883 'robot*/controller' trees/patrol.xml=patrol-v2.xml --canary 1",
            "Exit codes: 0 every target runs the new version, 1 a target refused, rolled back or did not answer, 2 bad input."})
final class DeployCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Parameters(paramLabel = "TARGET|PATH=FILE", arity = "1..*", description = {"Nodes (robot1/controller) or globs "
        + "(robot*/controller), then the files: PATH as the launch file names it, = the new file on this machine."})
    List<String> args;

    @Option(names = "--when", paramLabel = "WHEN", defaultValue = "idle",
            description = "idle (once the tree is not running; the default), now (halt and restart it at the next tick) or state:NAME.")
    String when;

    @Option(names = "--label", paramLabel = "TEXT", defaultValue = "", description = "A name for the version, shown with its SHA-256.")
    String label;

    @Option(names = "--canary", paramLabel = "N", defaultValue = "0", description = "Deploy to N targets first, wait --canary-wait, then the rest.")
    int canary;

    @Option(names = "--canary-wait", paramLabel = "TIME", defaultValue = "60s",
            description = "How long the canaries must run the new version without a rollback (default: ${DEFAULT-VALUE}).")
    String canaryWait;

    @Option(names = "--check", paramLabel = "RUN.mcap", description = "Replay this recording with the new files first; refuse when it diverges (repeatable).")
    List<Path> check = new ArrayList<>();

    @Option(names = "--accept-divergence", description = "Deploy even when a --check recording diverges (its first divergence is printed).")
    boolean acceptDivergence;

    @Option(names = "--rollback", description = "Put back, on each target, the versions its last deploy replaced (no files).")
    boolean rollback;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "30s",
            description = "How long each target may take to run the new version; also the request's deadline (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--wait", paramLabel = "TIME", defaultValue = "500ms", description = "How long to collect the nodes a glob matches.")
    String wait;

    @Override
    public Integer call() throws InterruptedException {
        long timeoutMs = TimeUnit.NANOSECONDS.toMillis(OptionCheck.durationNs("--timeout", timeout, true));
        long canaryWaitMs = TimeUnit.NANOSECONDS.toMillis(OptionCheck.durationNs("--canary-wait", canaryWait, false));
        long waitNs = OptionCheck.durationNs("--wait", wait, true);
        OptionCheck.atLeast("canopy deploy", "--canary", canary, 0);
        List<String> targets = new ArrayList<>();
        Map<String, Path> files = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                targets.add(a.startsWith("/") ? a.substring(1) : a);
            } else {
                Path f = Path.of(a.substring(eq + 1));
                if (!Files.isRegularFile(f)) {
                    throw new InputException(a + ": no file " + f + "; write PATH=FILE with FILE the new version on this machine");
                }
                files.put(a.substring(0, eq), f);
            }
        }
        if (targets.isEmpty()) {
            throw new InputException("name at least one TARGET (robot1/controller, or a glob such as 'robot*/controller')");
        }
        if (files.isEmpty() != rollback) {
            throw new InputException(rollback ? "--rollback takes no PATH=FILE; remove them" : "give at least one PATH=FILE, "
                    + "for example trees/patrol.xml=patrol-v2.xml");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!check.isEmpty() && !checkRecordings(files, out)) {
            return CanopyMain.EXIT_FAILED;
        }
        List<DeployRequest.DeployFile> payload = new ArrayList<>();
        for (Map.Entry<String, Path> f : files.entrySet()) {
            String content = read(f.getValue());
            payload.add(new DeployRequest.DeployFile(f.getKey(), content, FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8))));
        }
        long generation = System.currentTimeMillis();
        DeployRequest request = new DeployRequest(payload, when, generation, generation + timeoutMs, label, rollback);
        try (MqttNode mqtt = brokerOptions.connect("deploy")) {
            List<String> nodes = resolve(mqtt, targets, waitNs);
            int first = Math.min(canary, nodes.size());
            boolean ok = deploy(mqtt, nodes.subList(0, first), request, timeoutMs, canaryWaitMs, out);
            if (ok && first < nodes.size()) {
                if (first > 0) {
                    out.println("canary: " + first + " node(s) ran it " + canaryWait + " without a rollback; deploying to the other "
                            + (nodes.size() - first));
                    out.flush();
                }
                DeployRequest rest = new DeployRequest(payload, when, System.currentTimeMillis(), System.currentTimeMillis() + timeoutMs,
                        label, rollback);
                ok = deploy(mqtt, nodes.subList(first, nodes.size()), rest, timeoutMs, 0, out);
            } else if (!ok && first < nodes.size()) {
                out.println("canary failed: not deployed to " + String.join(", ", nodes.subList(first, nodes.size())));
            }
            out.flush();
            return ok ? CanopyMain.EXIT_OK : CanopyMain.EXIT_FAILED;
        }
    }

    /** Sends {@code r} to each of {@code nodes}, prints one line per node; with {@code holdMs}, watches them that long. */
    private boolean deploy(MqttNode mqtt, List<String> nodes, DeployRequest r, long timeoutMs, long holdMs, PrintWriter out)
            throws InterruptedException {
        List<DeployClient> clients = new ArrayList<>();
        for (String n : nodes) {
            DeployClient c = new DeployClient(mqtt, n);
            clients.add(c);
            c.send(r);
        }
        boolean ok = true;
        try {
            String goal = r.rollback() ? "rolled-back" : "swapped";
            for (DeployClient c : clients) {
                DeployReply reply = c.await(r.generation(), x -> DeployClient.settled(x) || x.status().equals("rolled-back"), timeoutMs);
                ok &= reply != null && (goal.equals(reply.status()) || r.rollback() && "rolled-back".equals(reply.status()));
                out.println(line(c.target(), reply, timeoutMs));
            }
            out.flush();
            if (ok && holdMs > 0) {
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(holdMs);
                for (DeployClient c : clients) {
                    long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
                    DeployReply later = left > 0 ? c.next(left) : null;
                    if (later != null && "rolled-back".equals(later.status())) {
                        out.println(line(c.target(), later, 0));
                        ok = false;
                    }
                }
            }
        } finally {
            clients.forEach(DeployClient::close);
        }
        return ok;
    }

    private static String line(String node, DeployReply r, long timeoutMs) {
        if (r == null) {
            return node + ": no answer within " + timeoutMs / 1000 + " s (is it online, with <deploy/> in its launch file or "
                    + "canopy run --allow-deploy? canopy node info " + node + ")";
        }
        StringBuilder b = new StringBuilder(node).append(": ").append(r.status());
        if (!r.versions().isEmpty()) {
            b.append(' ').append(String.join(", ", r.versions().stream().map(v -> v.substring(0, Math.min(v.length(),
                    v.indexOf(' ') + 13))).toList()));
        }
        if (r.status().equals("swapped")) {
            b.append(String.format(" (%.0f ms from the request to the swap)", r.swapMs()));
        }
        if (r.reason() != null && !r.reason().isEmpty() && !r.status().equals("swapped")) {
            b.append(": ").append(r.reason());
        }
        for (String e : r.errors()) {
            b.append(System.lineSeparator()).append("  ").append(e);
        }
        return b.toString();
    }

    /** The full names the targets stand for: globs ({@code *}, {@code ?}) matched against the nodes on the broker. */
    private List<String> resolve(MqttNode mqtt, List<String> targets, long waitNs) throws InterruptedException {
        if (targets.stream().noneMatch(t -> t.contains("*") || t.contains("?"))) {
            return targets;
        }
        GraphSnapshot g = GraphSnapshot.take(mqtt, waitNs);
        List<String> out = new ArrayList<>();
        for (String t : targets) {
            Pattern p = Pattern.compile(Pattern.quote(t).replace("*", "\\E[^/]*\\Q").replace("?", "\\E[^/]\\Q"));
            List<String> hit = g.nodes.keySet().stream().filter(n -> p.matcher(n).matches() && "online".equals(g.nodes.get(n).state())).toList();
            if (hit.isEmpty()) {
                throw new InputException("target '" + t + "' matches no online node on " + brokerOptions.broker + "; the nodes are: "
                        + (g.nodes.isEmpty() ? "(none)" : String.join(", ", g.nodes.keySet())));
            }
            hit.stream().filter(n -> !out.contains(n)).forEach(out::add);
        }
        return out;
    }

    /** Replays each --check recording with the new files; prints the first divergence; false when one diverged (not accepted). */
    private boolean checkRecordings(Map<String, Path> files, PrintWriter out) {
        Path dir;
        List<Path> with = new ArrayList<>();
        try {
            dir = Files.createTempDirectory("canopy-deploy-check");
            for (Map.Entry<String, Path> f : files.entrySet()) {
                Path named = dir.resolve(Path.of(f.getKey()).getFileName().toString()); // the replay matches files by name
                Files.copy(f.getValue(), named);
                with.add(named);
            }
        } catch (IOException e) {
            throw new InputException("--check: cannot prepare the new files for the replay: " + e.getMessage());
        }
        boolean ok = true;
        for (Path rec : check) {
            Replay.Result r = Replay.run(rec, new Replay.Options(with, -1, true));
            if (r.divergence() == null) {
                out.println(rec + ": " + r.summary(true));
            } else {
                out.println(rec + ": " + r.divergence().line() + (acceptDivergence ? " (accepted: --accept-divergence)" : ""));
                ok &= acceptDivergence;
            }
        }
        if (!ok) {
            out.println("not deployed: the new files change what the robot does on a recording; look at the divergence, or "
                    + "deploy anyway with --accept-divergence");
        }
        out.flush();
        with.forEach(p -> p.toFile().delete());
        dir.toFile().delete();
        return ok;
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(f + ": cannot read it: " + e.getMessage());
        }
    }
}
