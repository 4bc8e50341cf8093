package io.canopy.launch.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * The live status line {@code canopy run} keeps on a terminal: its width (the terminal's real one, from
 * {@code ioctl(TIOCGWINSZ)}, since bash does not export {@code $COLUMNS}), and {@code %clearline}, which starts a log
 * line with a carriage return and erase-line while the status line shows, so a log line never starts glued to its end
 * ({@code ... | mqtt up06:58:53.055 WARN ...}). The status line is drawn again at its next refresh.
 */
public final class TerminalLine extends ClassicConverter {
    static final String CLEAR = "\r\u001b[K";
    private static volatile boolean showing;

    /** The caller drew the status line (no newline after it) on the terminal, or ended it. */
    public static void showing(boolean on) {
        showing = on;
    }

    @Override
    public String convert(ILoggingEvent event) {
        if (!showing) {
            return "";
        }
        showing = false;
        return CLEAR;
    }

    /** The terminal's width in columns: {@code $COLUMNS} when set, else the terminal on stdout, else {@code fallback}. */
    public static int width(int fallback) {
        String c = System.getenv("COLUMNS");
        if (c != null) {
            try {
                return Math.max(20, Integer.parseInt(c.strip()));
            } catch (NumberFormatException e) {
                // the terminal's own, below
            }
        }
        int cols = Winsize.columns(1);
        return cols > 0 ? cols : fallback;
    }

    /** {@code ioctl(fd, TIOCGWINSZ, &winsize)}: rows, columns, and two pixel sizes, each an unsigned short. */
    static final class Winsize {
        private static final int TIOCGWINSZ = 0x5413; // Linux x86, x86_64, arm, aarch64
        private static final boolean AVAILABLE;

        static {
            boolean ok;
            try {
                ok = Platform.isLinux();
                if (ok) {
                    Native.register(Winsize.class, Platform.C_LIBRARY_NAME);
                }
            } catch (UnsatisfiedLinkError | RuntimeException e) {
                ok = false;
            }
            AVAILABLE = ok;
        }

        private Winsize() {}

        private static native int ioctl(int fd, long request, short[] winsize);

        /** Columns of the terminal on {@code fd}, or 0 (not a terminal, no libc). */
        static int columns(int fd) {
            if (!AVAILABLE) {
                return 0;
            }
            short[] ws = new short[4];
            return ioctl(fd, TIOCGWINSZ, ws) == 0 ? ws[1] & 0xffff : 0;
        }
    }
}
