package io.canopy.hardware.serial;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Finds serial ports by listing directories: {@link #listDefault()} the usual Linux places (USB adapters, on-board
 * UARTs of a Pi, a Jetson or an i.MX board, Bluetooth serial, the stable names under {@code /dev/serial/by-id});
 * {@link #list(Path, String)} a directory by glob pattern, so ptys made by socat
 * ({@code list(Path.of("/tmp"), "canopy-*")}) and udev symlinks can be found too.
 */
public final class PortDiscovery {
    /** The usual places of serial devices on Linux, as directory and glob. */
    private static final String[][] DEFAULTS = {
        {"/dev", "ttyUSB*"}, {"/dev", "ttyACM*"}, {"/dev", "ttyS*"}, {"/dev", "ttyAMA*"}, {"/dev", "ttyTHS*"},
        {"/dev", "ttymxc*"}, {"/dev", "ttyO*"}, {"/dev", "rfcomm*"}, {"/dev/serial/by-id", "*"},
    };

    private PortDiscovery() {}

    /**
     * Entries of {@code dir} whose names match the glob {@code pattern} (for example {@code "ttyUSB*"} or
     * {@code "canopy-*"}) and that are character devices or links to them, sorted. An unreadable or
     * missing directory gives an empty list.
     */
    public static List<String> list(Path dir, String pattern) {
        List<String> ports = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, pattern)) {
            for (Path p : entries) {
                if (isCharacterDevice(p)) {
                    ports.add(p.toString());
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        ports.sort(null);
        return ports;
    }

    /**
     * The usual Linux places ({@code /dev/ttyUSB*}, {@code ttyACM*}, {@code /dev/serial/by-id/*}, ...). A
     * {@code ttyS} with no UART behind it (the kernel makes 4 or 32 of them whatever the board has:
     * {@code /sys/class/tty/ttySN/type} reads 0) is left out.
     */
    public static List<String> listDefault() {
        TreeSet<String> all = new TreeSet<>();
        for (String[] d : DEFAULTS) {
            for (String port : list(Path.of(d[0]), d[1])) {
                if (!phantomUart(Path.of(port).getFileName().toString())) {
                    all.add(port);
                }
            }
        }
        return new ArrayList<>(all);
    }

    private static boolean phantomUart(String name) {
        if (!name.startsWith("ttyS")) {
            return false;
        }
        try {
            return Files.readString(Path.of("/sys/class/tty", name, "type")).trim().equals("0");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean isCharacterDevice(Path p) {
        try {
            Path real = p.toRealPath();
            Object mode = Files.getAttribute(real, "unix:mode");
            return mode instanceof Integer && (((Integer) mode) & 0170000) == 0020000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }
}
