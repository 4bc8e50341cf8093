package io.canopy.launch.deploy;

import io.canopy.launch.plan.DeployPlan;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TreePlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a node keeps the files deployed to it: {@code $STATE_DIRECTORY/<namespace_node>/} when it runs as the
 * installed service (systemd's {@code StateDirectory=canopy}: {@code /var/lib/canopy/}), else {@code .deployed/<namespace_node>/}
 * beside its launch file. {@code deployed/PATH} holds the running version of the launch file's {@code PATH} (so a
 * restart runs it; the launch file's own copy stays untouched for a rollback), {@code staging/GEN/} a request's files
 * while they are checked, {@code generation} the last generation taken.
 */
public final class DeployedFiles {
    private final Path root;
    private final Path launchDir;

    DeployedFiles(Path root, Path launchDir) {
        this.root = root;
        this.launchDir = launchDir;
    }

    /** The store of {@code node} (its state directory from the environment, else beside its launch file). */
    public static DeployedFiles of(NodePlan node) {
        String state = System.getenv("STATE_DIRECTORY");
        Path launchDir = node.source().file().toAbsolutePath().getParent();
        String dirName = node.fullName().replace('/', '_');
        Path root = state != null && !state.isBlank() ? Path.of(state.split(":")[0]).resolve(dirName)
                : launchDir.resolve(".deployed").resolve(dirName);
        return new DeployedFiles(root, launchDir);
    }

    /** {@code plan} with each tree of a node that has {@code <deploy/>} read from its deployed version, where there is one. */
    public static LaunchPlan apply(LaunchPlan plan) {
        List<NodePlan> nodes = new ArrayList<>();
        for (NodePlan n : plan.nodes()) {
            nodes.add(n.deploy().enabled() ? of(n).applyTo(n, n.deploy()) : n);
        }
        return new LaunchPlan(plan.file(), plan.args(), nodes);
    }

    /** {@code plan} with every tree or machine that has a deployed version read from it, and {@code deploy} as its deploy plan. */
    public NodePlan applyTo(NodePlan n, DeployPlan deploy) {
        List<TreePlan> trees = new ArrayList<>();
        for (TreePlan t : n.trees()) {
            Path d = deployedOf(t.file());
            trees.add(d == null ? t : new TreePlan(t.name(), d, t.main(), t.timer(), t.seed(), t.restart(), t.machine(), t.state(),
                    t.onSuccess(), t.onFailure(), t.source(), t.params(), t.groot2Port(), t.wakeOn(), t.wakeMinIntervalNs()));
        }
        List<MachinePlan> machines = new ArrayList<>(n.machines());
        return n.withFiles(trees, machines, deploy);
    }

    private Path deployedOf(Path original) {
        Path d = root.resolve("deployed").resolve(relative(original));
        return Files.isRegularFile(d) ? d : null;
    }

    /** The path of {@code file} as the launch file names it (relative to the launch file's folder, '/'-separated). */
    String relative(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path deployed = root.resolve("deployed").toAbsolutePath().normalize();
        Path base = abs.startsWith(deployed) ? deployed : launchDir.toAbsolutePath().normalize();
        return base.relativize(abs).toString().replace('\\', '/');
    }

    /** Where a request's file {@code path} is staged while it is checked. */
    Path staged(long generation, String path) {
        return root.resolve("staging").resolve(Long.toString(generation)).resolve(path);
    }

    Path stagingDir(long generation) {
        return root.resolve("staging").resolve(Long.toString(generation));
    }

    /** Where the running version of {@code path} is kept. */
    Path deployed(String path) {
        return root.resolve("deployed").resolve(path);
    }

    /** The launch file's own version of {@code path} (what a rollback with nothing deployed before goes back to). */
    Path original(String path) {
        return launchDir.resolve(path);
    }

    void write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write the deployed file: " + e.getMessage(), e);
        }
    }

    /** Makes the staged {@code path} of {@code generation} the deployed one. */
    void promote(long generation, String path) {
        try {
            Path to = deployed(path);
            Files.createDirectories(to.getParent());
            Files.copy(staged(generation, path), to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the deployed " + path + " under " + root + ": " + e.getMessage(), e);
        }
    }

    /** Forgets the deployed {@code path} (a rollback to the launch file's own version): a restart runs the original. */
    void forget(String path) {
        try {
            Files.deleteIfExists(deployed(path));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + deployed(path) + ": " + e.getMessage(), e);
        }
    }

    /** The last generation taken (0 when none). */
    long generation() {
        try {
            Path g = root.resolve("generation");
            return Files.isRegularFile(g) ? Long.parseLong(Files.readString(g).strip()) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    void generation(long g) {
        write(root.resolve("generation"), Long.toString(g));
    }

    static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a staging folder left behind is removed by the next request of that generation
        }
    }

    Path root() {
        return root;
    }
}
