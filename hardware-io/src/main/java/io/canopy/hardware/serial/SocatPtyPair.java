package io.canopy.hardware.serial;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A pseudo-terminal pair made by {@code socat -d -d pty,raw,echo=0,link=A pty,raw,echo=0,link=B}: bytes
 * written to one end come out of the other, like a null-modem cable between two serial ports. Used by
 * {@code canopy sim}, {@code canopy bench serial} and the tests; ends socat by its PID.
 */
public final class SocatPtyPair implements AutoCloseable {
    private static final long START_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final Path a;
    private final Path b;
    private final Path log;
    private Process process;

    private SocatPtyPair(Path a, Path b, Path log) {
        this.a = a;
        this.b = b;
        this.log = log;
    }

    /** Whether a {@code socat} executable is on the PATH. */
    public static boolean available() {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "socat"))) {
                return true;
            }
        }
        return false;
    }

    /** Starts socat with links {@code dir/ttyA} and {@code dir/ttyB} and waits until both exist. */
    public static SocatPtyPair start(Path dir) throws IOException {
        return start(dir.resolve("ttyA"), dir.resolve("ttyB"));
    }

    /** Starts socat with the two given link paths and waits until both exist. */
    public static SocatPtyPair start(Path a, Path b) throws IOException {
        if (!available()) {
            throw new IOException("socat is not installed (apt-get install socat); it makes the pty pair");
        }
        Path log = Files.createTempFile("canopy-socat", ".log");
        SocatPtyPair pair = new SocatPtyPair(a, b, log);
        pair.restart();
        return pair;
    }

    /** (Re)starts socat with the same link paths and waits until both links exist. */
    public void restart() throws IOException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("socat is still running (pid " + process.pid() + ")");
        }
        process = new ProcessBuilder("socat", "-d", "-d", "pty,raw,echo=0,link=" + a, "pty,raw,echo=0,link=" + b)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        long start = System.nanoTime();
        while (!(Files.exists(a) && Files.exists(b))) {
            if (!process.isAlive() || System.nanoTime() - start > START_TIMEOUT_NS) {
                process.destroyForcibly();
                throw new IOException("socat did not create " + a + " and " + b + "; its log: " + log);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
    }

    /**
     * Runs socat at SCHED_FIFO {@code priority} (1-99) with {@code chrt -f -p}, so that bytes cross the pty pair as
     * promptly as they would cross a USB-serial driver, whatever else the host is doing; needs root or CAP_SYS_NICE.
     * Returns null when applied, or why not (one line).
     */
    public String fifo(int priority) {
        try {
            Process chrt = new ProcessBuilder("chrt", "-f", "-p", Integer.toString(priority), Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            String out = new String(chrt.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return chrt.waitFor() == 0 ? null : "chrt -f -p " + priority + " " + process.pid() + " failed: " + out;
        } catch (IOException e) {
            return "chrt (util-linux) could not run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** Kills socat with SIGKILL (like pulling the cable: no goodbye) and removes its links. */
    public void kill() {
        Process p = process;
        if (p == null) {
            return;
        }
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(a);
            Files.deleteIfExists(b);
        } catch (IOException ignored) {
            // links of a dead socat; the next start replaces them
        }
    }

    /** One end (a symlink to a /dev/pts device). */
    public Path a() {
        return a;
    }

    /** The other end. */
    public Path b() {
        return b;
    }

    /** The PID of the running socat. */
    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        kill();
        try {
            Files.deleteIfExists(log);
        } catch (IOException ignored) {
            // a temp file
        }
    }
}
