package io.canopy.launch.record;

import io.canopy.InputException;
import io.canopy.launch.plan.NodePlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Plugin jars ({@code <plugin jar>}) in a recording: recording notes each jar's path (relative to the launch file) and
 * SHA-256 in the metadata ({@code plugin.<path>}); replay puts the same jar where the unpacked launch file looks for
 * it, taken from {@code --plugin JAR} (same file name) or from next to the recording, and refuses a jar whose hash
 * differs, in one line.
 */
final class PluginJars {
    static final String KEY = "plugin.";

    private PluginJars() {}

    /** Recording: {@code plugin.<path relative to dir>} = SHA-256 (hex) of every plugin jar of the nodes. */
    static void note(Path dir, List<NodePlan> nodes, Map<String, String> meta) throws IOException {
        for (NodePlan n : nodes) {
            for (Path jar : n.foreign().plugins()) {
                Path abs = jar.toAbsolutePath().normalize();
                String name = abs.startsWith(dir) ? dir.relativize(abs).toString() : "external/" + abs.getFileName();
                meta.put(KEY + name, sha256(abs));
            }
        }
    }

    /**
     * Replay: copies each recorded jar into {@code dir} at its recorded path; an InputException when none is found (the
     * line says where it looked) or its hash is not the recorded one.
     */
    static void place(Path recording, Map<String, String> meta, List<Path> given, Path dir) {
        for (Map.Entry<String, String> e : meta.entrySet()) {
            if (!e.getKey().startsWith(KEY)) {
                continue;
            }
            String name = e.getKey().substring(KEY.length());
            String fileName = Path.of(name).getFileName().toString();
            List<Path> candidates = new ArrayList<>();
            given.stream().filter(p -> p.getFileName().toString().equals(fileName)).forEach(candidates::add);
            Path folder = recording.toAbsolutePath().getParent();
            candidates.add(folder.resolve(name));
            candidates.add(folder.resolve(fileName));
            Path jar = candidates.stream().filter(Files::isRegularFile).findFirst().orElseThrow(() -> new InputException(
                    recording + ": was recorded with plugin jar " + name + " (SHA-256 " + e.getValue() + "), which is not at "
                            + String.join(" or ", candidates.stream().map(Path::toString).toList())
                            + "; give it with --plugin PATH"));
            String hash;
            try {
                hash = sha256(jar);
            } catch (IOException x) {
                throw new InputException("--plugin " + jar + ": cannot read it (" + x.getMessage() + ")");
            }
            if (!hash.equals(e.getValue())) {
                throw new InputException(recording + ": plugin jar " + jar + " has SHA-256 " + hash + ", but the run was recorded "
                        + "with " + name + " of SHA-256 " + e.getValue() + "; give the jar it was recorded with (--plugin PATH)");
            }
            try {
                Path target = dir.resolve(name).normalize();
                if (!target.startsWith(dir)) {
                    throw new InputException(recording + ": plugin jar '" + name + "' points outside its folder; not replayed");
                }
                Files.createDirectories(target.getParent());
                Files.copy(jar, target);
            } catch (IOException x) {
                throw new UncheckedIOException("placing plugin jar " + jar, x);
            }
        }
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
