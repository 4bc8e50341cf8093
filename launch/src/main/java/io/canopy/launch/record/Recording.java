package io.canopy.launch.record;

import io.canopy.InputException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MqttPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.RealtimePlan;
import io.canopy.launch.plan.TreePlan;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A recording as replay reads it: every message in file order, the attachments (the launch file and the tree and
 * machine files it loaded) and the {@code canopy} metadata (launch arguments, tree seeds); unpacked into a folder
 * (with {@code --with} files in place of embedded ones) and loaded as the launch plan it was recorded from, each
 * node with its recorded seeds and an MQTT client that reaches no broker.
 */
final class Recording {
    /** One message: its channel's topic and schema name, log time (the node's clock moved to the epoch), bytes. */
    record Msg(String topic, String type, long logTime, byte[] data, long sequence, Map<String, String> channelMetadata) {}

    /** The first file (its name goes into every message about the recording). */
    final Path file;
    /** Every file of the recording, the first first (more than one: split by --record-max-size). */
    final List<Path> files;
    final List<Msg> messages = new ArrayList<>();
    private final Map<String, byte[]> attachments = new LinkedHashMap<>();
    private final Map<String, String> meta = new LinkedHashMap<>();
    /** Whether the file ended with its footer, or where it was cut. */
    McapReader.Result read;

    private Recording(List<Path> files) {
        this.files = List.copyOf(files);
        this.file = files.get(0);
    }

    /** Reads the whole file (a cut file up to its last whole record); bad input is an InputException naming it. */
    static Recording read(Path file) {
        return read(List.of(file));
    }

    /**
     * Reads every file of the recording {@code given} belong to ({@link RecordingFiles}), in order, as one: the
     * attachments and metadata of the first, the messages of all. Only the last may be cut short.
     */
    static Recording read(List<Path> given) {
        Recording r = new Recording(RecordingFiles.resolve(given));
        for (int i = 0; i < r.files.size(); i++) {
            Path f = r.files.get(i);
            r.readAll(f, i == 0);
            if (i < r.files.size() - 1 && !r.read.complete()) {
                throw new InputException(f + ": " + r.read.problem() + ", but the recording continues in "
                        + r.files.get(i + 1).getFileName() + "; this part of it is damaged, so it cannot be replayed past it");
            }
        }
        return r;
    }

    private void readAll(Path file, boolean first) {
        if (!Files.isRegularFile(file)) {
            throw new InputException(file + ": no such file; give a recording made with canopy run --record");
        }
        Map<Integer, String> topics = new HashMap<>(); // channel ids are per file
        Map<Integer, String> types = new HashMap<>();
        Map<Integer, Map<String, String>> channelMeta = new HashMap<>();
        try {
            read = McapReader.read(file, new McapReader.Visitor() {
                @Override
                public void channel(int id, int schemaId, String topic, String encoding, Map<String, String> metadata) {
                    topics.put(id, topic);
                    types.put(id, schemaNames.getOrDefault(schemaId, ""));
                    channelMeta.put(id, metadata);
                }

                private final Map<Integer, String> schemaNames = new HashMap<>();

                @Override
                public void schema(int id, String name, String encoding, byte[] data) {
                    schemaNames.put(id, name);
                }

                @Override
                public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                    messages.add(new Msg(topics.getOrDefault(channel, "?"), types.getOrDefault(channel, ""), logTime, data,
                            sequence, channelMeta.getOrDefault(channel, Map.of())));
                }

                @Override
                public void attachment(String name, String mediaType, long logTime, byte[] data) {
                    if (first) {
                        attachments.put(name, data);
                    }
                }

                @Override
                public void metadata(String name, Map<String, String> values) {
                    if ("canopy".equals(name) && first) {
                        meta.putAll(values);
                    }
                }
            });
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage().replace(file + ": ", "");
            throw new InputException(file + ": cannot be replayed: " + why + "; give a recording made with canopy run --record");
        }
    }

    /** Writes the attachments into a fresh folder (their relative paths kept), then the --with files over them. */
    Path unpack(List<Path> with, List<Path> plugins) {
        String launch = meta.get("launch");
        if (launch == null || !attachments.containsKey(launch)) {
            throw new InputException(file + ": has no embedded launch file (metadata 'canopy' and its attachment); only "
                    + "recordings made with canopy run --record can be replayed");
        }
        Map<String, Path> withs = new LinkedHashMap<>();
        for (Path w : with) {
            withs.put(match(w), w);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("canopy-replay");
            for (Map.Entry<String, byte[]> a : attachments.entrySet()) {
                Path target = dir.resolve(a.getKey()).normalize();
                if (!target.startsWith(dir)) {
                    throw new InputException(file + ": attachment '" + a.getKey() + "' points outside its folder; not replayed");
                }
                Files.createDirectories(target.getParent());
                Path local = withs.get(a.getKey());
                Files.write(target, local != null ? Files.readAllBytes(local) : a.getValue());
            }
            PluginJars.place(file, meta, plugins, dir);
        } catch (IOException e) {
            throw new UncheckedIOException("unpacking " + file, e);
        }
        return dir;
    }

    /** A message about the unpacked files, naming them as the user knows them: the --with file, else the recorded name. */
    String outside(Path dir, List<Path> with, String message) {
        String m = message;
        for (Path w : with) {
            m = m.replace(dir.resolve(match(w)).toString(), w.toString());
        }
        return m.replace(dir + File.separator, file + ":");
    }

    /** The embedded file that {@code --with w} replaces: the same relative path, else the only one of that file name. */
    private String match(Path w) {
        if (!Files.isRegularFile(w)) {
            throw new InputException("--with " + w + ": no such file");
        }
        List<String> files = attachments.keySet().stream().filter(k -> !k.equals(meta.get("launch"))).toList();
        String rel = w.toString().replace('\\', '/');
        for (String k : files) {
            if (rel.equals(k) || rel.endsWith("/" + k)) {
                return k;
            }
        }
        String name = w.getFileName().toString();
        List<String> same = files.stream().filter(k -> Path.of(k).getFileName().toString().equals(name)).toList();
        if (same.size() == 1) {
            return same.get(0);
        }
        throw new InputException("--with " + w + ": " + (same.isEmpty() ? "the recording has no file named '" + name + "'"
                : "several recorded files are named '" + name + "' (" + String.join(", ", same) + "); give its path as recorded")
                + "; its tree and machine files are: " + String.join(", ", files));
    }

    LaunchPlan load(Path dir) {
        Map<String, String> args = new LinkedHashMap<>();
        meta.forEach((k, v) -> {
            if (k.startsWith("arg.")) {
                args.put(k.substring(4), v);
            }
        });
        if (!"0".equals(meta.getOrDefault("file_index", "0"))) {
            throw new InputException(file + ": is continuation file " + meta.get("file_index") + " of a recording split by "
                    + "--record-max-size; replay its first file (the node's state at its start is not recorded)");
        }
        LaunchPlan plan = LaunchLoader.load(dir.resolve(meta.get("launch")), args);
        List<NodePlan> nodes = new ArrayList<>();
        for (NodePlan n : plan.nodes()) {
            if (!n.devices().buses().isEmpty()) {
                throw new InputException(file + ": node " + n.fullName() + " uses <dynamixel> buses, which replay does not "
                        + "feed yet; serial links, <mavlink> devices (serial or UDP), MQTT bindings and timers are replayed");
            }
            nodes.add(offline(n));
        }
        return new LaunchPlan(plan.file(), plan.args(), nodes);
    }

    /**
     * The node as recorded (each tree's recorded seed), with an MQTT client that reaches no broker; a node recorded
     * without MQTT ({@code <mqtt broker="none"/>}) is replayed without it, so no MQTT classes are loaded.
     */
    private NodePlan offline(NodePlan n) {
        List<TreePlan> trees = new ArrayList<>();
        for (TreePlan t : n.trees()) {
            String seed = meta.get("seed." + n.fullName() + "/" + t.name());
            long s = seed == null ? t.seed() : Long.parseLong(seed);
            trees.add(new TreePlan(t.name(), t.file(), t.main(), t.timer(), s, t.restart(), t.machine(), t.state(),
                    t.onSuccess(), t.onFailure(), t.source(), t.params(), 0));
        }
        MqttPlan m = n.mqtt();
        MqttPlan none = !m.enabled() ? m : new MqttPlan(false, "tcp://127.0.0.1:" + closedPort(), 0, null, null, false, null, m.clientId(),
                m.keepAliveS(), m.telemetryTimer(), m.source());
        return new NodePlan(n.name(), n.namespace(), n.eventPolicy(), n.safety(), n.timers(), trees, n.machines(), n.links(),
                n.motors(), n.sensors(), n.diffDrive(), none, n.binds(), n.source(), n.devices(), n.monitor(),
                n.foreign(), n.remotes(), RealtimePlan.NONE); // a replay runs on the manual clock: no real-time threads
    }

    private static int closedPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            return 9; // discard: nothing listens there either
        }
    }


    static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
