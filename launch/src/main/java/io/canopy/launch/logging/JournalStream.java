package io.canopy.launch.logging;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether stderr goes to the systemd journal: {@code JOURNAL_STREAM} ({@code DEVICE:INODE} of the journal's
 * socket, set by systemd for a service whose output goes there) names the file stderr is. A pipe or terminal
 * started from such a service (its {@code JOURNAL_STREAM} inherited) is not the journal and keeps the terminal
 * format. Where stderr cannot be looked at, {@code JOURNAL_STREAM} alone decides.
 */
public final class JournalStream {
    private static final boolean ACTIVE = detect(System.getenv("JOURNAL_STREAM"), Path.of("/proc/self/fd/2"));

    private JournalStream() {}

    /** Whether this process logs to the journal (decided once, at start). */
    public static boolean active() {
        return ACTIVE;
    }

    static boolean detect(String journalStream, Path stderr) {
        if (journalStream == null || journalStream.isBlank()) {
            return false;
        }
        String[] devIno = journalStream.strip().split(":");
        if (devIno.length != 2) {
            return false;
        }
        try {
            long dev = ((Number) Files.getAttribute(stderr, "unix:dev")).longValue();
            long ino = ((Number) Files.getAttribute(stderr, "unix:ino")).longValue();
            return Long.parseLong(devIno[0]) == dev && Long.parseLong(devIno[1]) == ino;
        } catch (NumberFormatException e) {
            return false;
        } catch (Exception | LinkageError e) { // no /proc, no unix view: trust the variable
            return true;
        }
    }

    /**
     * {@code out} with {@code prefix} (a syslog priority such as {@code <3>}) at the start of every line, for the
     * one-line errors commands print to stderr; {@code out} itself outside the journal.
     */
    public static PrintWriter prefixed(PrintWriter out, String prefix) {
        if (!ACTIVE) {
            return out;
        }
        return prefixLines(out, prefix);
    }

    static PrintWriter prefixLines(Writer out, String prefix) {
        return new PrintWriter(new Writer() {
            private boolean atLineStart = true;

            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                for (int i = off; i < off + len; i++) {
                    if (atLineStart) {
                        out.write(prefix);
                        atLineStart = false;
                    }
                    out.write(buf[i]);
                    if (buf[i] == '\n') {
                        atLineStart = true;
                    }
                }
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        }, true);
    }
}
