package io.canopy.hardware.serial;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Who holds a serial port: the process whose {@code flock} on the device shows in {@code /proc/locks} (a Canopy
 * link takes one on every port it opens), else the first process with a descriptor open on it in
 * {@code /proc/PID/fd} (a program that set TIOCEXCL without a lock, such as a terminal program). For the one line
 * that refuses a second driver on one bus.
 */
final class PortHolder {
    private static final int MAX_COMMAND = 160;

    private PortHolder() {}

    /** The message for a port that is busy: port, holder, how to free it. One line. */
    static String busyMessage(String port) {
        long self = ProcessHandle.current().pid();
        long pid = holder(port);
        String who;
        String fix;
        if (pid < 0) {
            who = "held by another process (none visible in /proc/locks or /proc/*/fd from here)";
            fix = "find it with: fuser -v " + port;
        } else if (pid == self) {
            who = "held by pid " + pid + " (this process: another link or device of this node already opened it)";
            fix = "give each <serial>, <mavlink> or <dynamixel> link its own port";
        } else {
            who = "held by pid " + pid + " (" + commandLine(pid) + ")";
            fix = "stop that process (kill " + pid + ", or systemctl stop canopy@NAME if it is a service)"
                    + " or give this node another port";
        }
        return "serial port " + port + " is busy: " + who + "; one port, one driver: " + fix;
    }

    /** The pid holding {@code port}, or -1 when none can be seen. */
    static long holder(String port) {
        Path real;
        long inode;
        try {
            real = Path.of(port).toRealPath();
            inode = ((Number) Files.getAttribute(real, "unix:ino")).longValue();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        long locker = fromLocks(inode);
        return locker >= 0 ? locker : fromDescriptors(real);
    }

    /** {@code /proc/locks}: {@code "1: FLOCK  ADVISORY  WRITE 1234 00:05:87 0 EOF"} (major:minor hex, inode decimal). */
    private static long fromLocks(long inode) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc/locks"), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 6 || !f[1].equals("FLOCK")) {
                continue; // "->" lines are waiters, not holders
            }
            String id = f[5];
            int colon = id.lastIndexOf(':');
            try {
                if (colon > 0 && Long.parseLong(id.substring(colon + 1)) == inode) {
                    return Long.parseLong(f[4]);
                }
            } catch (NumberFormatException e) {
                // a line of another shape
            }
        }
        return -1;
    }

    private static long fromDescriptors(Path real) {
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path proc : procs) {
                long pid = Long.parseLong(proc.getFileName().toString());
                if (pid != self && opens(proc.resolve("fd"), real)) {
                    return pid;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    private static boolean opens(Path fdDir, Path real) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).equals(real)) {
                        return true;
                    }
                } catch (IOException | RuntimeException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException | RuntimeException e) {
            return false; // another user's process: not readable without privileges
        }
        return false;
    }

    private static String commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            String cmd = shorten(new String(raw, StandardCharsets.UTF_8).split("\0"));
            if (cmd.isEmpty()) {
                return "command line not readable";
            }
            return cmd.length() > MAX_COMMAND ? cmd.substring(0, MAX_COMMAND) + "..." : cmd;
        } catch (IOException | RuntimeException e) {
            return "command line not readable";
        }
    }

    /**
     * A command line as a person reads it: for a JVM, {@code java} and what follows its own options (the main class
     * or {@code -jar} and the program's arguments), so a class path hundreds of characters long does not hide them.
     */
    static String shorten(String[] argv) {
        if (argv.length == 0 || !Path.of(argv[0]).getFileName().toString().equals("java")) {
            return String.join(" ", argv).trim();
        }
        StringBuilder sb = new StringBuilder("java");
        int i = 1;
        while (i < argv.length && argv[i].startsWith("-") && !argv[i].equals("-jar")) {
            boolean takesValue = List.of("-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-opens",
                    "--add-exports", "--add-modules").contains(argv[i]);
            i += takesValue ? 2 : 1;
        }
        for (; i < argv.length; i++) {
            sb.append(' ').append(argv[i]);
        }
        return sb.toString().trim();
    }
}
