package io.canopy.testkit;


import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The node-mavlink vehicle ({@code src/test/node/mavlink-peer/vehicle.cjs}) as a child process: its stdout lines
 * are collected for assertions; closing ends it (its stdin closes, and it is killed by PID if still alive).
 * Tests skip with a clear message when node or the npm modules are missing, and fail instead when CI=true.
 */
public final class MavlinkPeer implements AutoCloseable {
    /** The peer's folder, from hardware-io's own tests or from another module's (launch uses it through the test-jar). */
    public static final Path DIR = Files.isDirectory(Path.of("src/test/node/mavlink-peer")) ? Path.of("src/test/node/mavlink-peer")
            : Path.of("../hardware-io/src/test/node/mavlink-peer");

    private final Process process;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private MavlinkPeer(Process process) {
        this.process = process;
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "mavlink-peer-stdout");
        t.setDaemon(true);
        t.start();
    }

    /** Skips the calling test unless node and the peer's npm modules are installed. */
    public static void assumeAvailable() {
        boolean node = false;
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            node |= !d.isEmpty() && Files.isExecutable(Path.of(d, "node"));
        }
        boolean modules = Files.isDirectory(DIR.resolve("node_modules/node-mavlink"));
        String why = !node ? "node is not installed: the MAVLink peer tests need Node.js (apt-get install nodejs npm)"
                : "the MAVLink peer's npm modules are missing: run (cd hardware-io/src/test/node/mavlink-peer && npm ci)";
        Peers.require(node && modules, why); // .ci/install.d/devices.sh installs it
    }

    public static MavlinkPeer start(String... args) throws IOException {
        String[] cmd = new String[args.length + 2];
        cmd[0] = "node";
        cmd[1] = "vehicle.cjs";
        System.arraycopy(args, 0, cmd, 2, args.length);
        Process p = new ProcessBuilder(cmd).directory(DIR.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        return new MavlinkPeer(p);
    }

    /** Every line the vehicle printed so far. */
    public List<String> lines() {
        return lines;
    }

    public boolean saw(String line) {
        return lines.contains(line);
    }

    public boolean sawPrefix(String prefix) {
        return lines.stream().anyMatch(l -> l.startsWith(prefix));
    }

    /** Sends a control line ("silence", "resume") to the vehicle's stdin. */
    public void tell(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
    }
}
