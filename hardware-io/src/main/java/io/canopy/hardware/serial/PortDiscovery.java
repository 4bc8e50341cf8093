package io.canopy.hardware.serial;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import jssc.SerialPortList;

/**
 * Finds serial ports. jssc's {@link SerialPortList#getPortNames()} lists only real serial devices
 * ({@code /dev/ttyS*}, {@code ttyUSB*}, {@code ttyACM*}); it does not list pseudo-terminals, nor the
 * stable names under {@code /dev/serial/by-id}. {@link #list(Path, String)} lists a directory by glob
 * pattern instead, so ptys made by socat ({@code list(Path.of("/tmp"), "canopy-*")}) and udev symlinks
 * can be found too.
 */
public final class PortDiscovery {
    /** The usual places of serial devices on Linux, as directory and glob. */
    private static final String[][] DEFAULTS = {
        {"/dev", "ttyUSB*"}, {"/dev", "ttyACM*"}, {"/dev", "ttyS*"}, {"/dev", "ttyAMA*"}, {"/dev/serial/by-id", "*"},
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

    /** jssc's list plus the usual Linux places ({@code /dev/ttyUSB*}, {@code /dev/serial/by-id/*}, ...). */
    public static List<String> listDefault() {
        TreeSet<String> all = new TreeSet<>();
        try {
            for (String name : SerialPortList.getPortNames()) {
                all.add(name);
            }
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            // jssc's native library is missing on this platform; the directory listing still works
        }
        for (String[] d : DEFAULTS) {
            all.addAll(list(Path.of(d[0]), d[1]));
        }
        return new ArrayList<>(all);
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
