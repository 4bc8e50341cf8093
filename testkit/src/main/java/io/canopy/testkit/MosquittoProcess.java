package io.canopy.testkit;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Mosquitto the test starts on a free loopback port with its own config file ({@code listener <port>
 * 127.0.0.1}, {@code allow_anonymous}, {@code set_tcp_nodelay true}, no persistence), stopped by PID.
 * {@link #kill()} and {@link #restart()} simulate a broker crash on the same port.
 */
public final class MosquittoProcess implements AutoCloseable {
    public static final Path BINARY = Path.of("/usr/sbin/mosquitto");

    private final Path dir;
    private final int port;
    private final List<String> extraConfig;
    private Process process;
    private int starts;

    private MosquittoProcess(Path dir, int port, List<String> extraConfig) {
        this.dir = dir;
        this.port = port;
        this.extraConfig = extraConfig;
    }

    /** Fails (does not skip) when Mosquitto is missing: CI installs it, and these tests are the point. */
    public static void requireInstalled() {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException(BINARY + " not found: install it with"
                    + " apt-get install -y mosquitto mosquitto-clients (.ci/run does)");
        }
    }

    /** Starts a plain broker allowing anonymous clients. */
    public static MosquittoProcess start(Path dir) {
        return start(dir, List.of("allow_anonymous true"));
    }

    /** Starts a broker with these lines after its {@code listener} line. */
    public static MosquittoProcess start(Path dir, List<String> listenerConfig) {
        requireInstalled();
        MosquittoProcess m = new MosquittoProcess(dir, freePort(), listenerConfig);
        m.launch();
        return m;
    }

    /** Starts a plain broker on a given port (for a client that was started first). */
    public static MosquittoProcess startOnPort(Path dir, int port) {
        requireInstalled();
        MosquittoProcess m = new MosquittoProcess(dir, port, List.of("allow_anonymous true"));
        m.launch();
        return m;
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return dir.resolve("mosquitto-" + starts + ".log");
    }

    private void launch() {
        try {
            starts++;
            List<String> conf = new ArrayList<>();
            conf.add("per_listener_settings false");
            conf.add("persistence false");
            conf.add("user root");
            conf.add("set_tcp_nodelay true");
            conf.add("log_dest stdout");
            conf.add("log_type error");
            conf.add("log_type warning");
            conf.add("log_type notice");
            conf.add("listener " + port + " 127.0.0.1");
            conf.addAll(extraConfig);
            Path file = dir.resolve("mosquitto.conf");
            Files.write(file, conf);
            process = new ProcessBuilder(BINARY.toString(), "-c", file.toString())
                    .redirectErrorStream(true).redirectOutput(log().toFile()).start();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("mosquitto exited: " + Files.readString(log()));
                }
                return accepts();
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean accepts() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** SIGKILL, as a crash: clients see their connection reset; retained messages are gone (no persistence). */
    public void kill() {
        process.destroyForcibly();
        await().atMost(Duration.ofSeconds(10)).until(() -> !process.isAlive());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> !accepts());
    }

    /** Starts again on the same port. */
    public void restart() {
        launch();
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy(); // SIGTERM to this PID only
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
