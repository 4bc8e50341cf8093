package io.canopy.tick.realtime;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@link RealtimeOptions} to the calling thread through libc (JNA): {@code sched_setscheduler},
 * {@code prctl(PR_SET_TIMERSLACK)} and {@code sched_setaffinity}, each with pid 0 (the calling thread).
 * Every refusal is reported, never thrown.
 */
public final class RealtimeKnobs {
    private static final Logger LOG = LoggerFactory.getLogger(RealtimeKnobs.class);
    private static final int SCHED_FIFO = 1;
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int PR_GET_TIMERSLACK = 30;
    private static final int EPERM = 1;

    private RealtimeKnobs() {}

    interface CLib extends Library {
        int sched_setscheduler(int pid, int policy, int[] param) throws LastErrorException;

        int prctl(int option, long arg2, long arg3, long arg4, long arg5) throws LastErrorException;

        int sched_setaffinity(int pid, long cpuSetSize, long[] mask) throws LastErrorException;
    }

    private static final class Holder {
        static final CLib C = Native.load("c", CLib.class);
    }

    /** Applies {@code options} to the calling thread; logs and returns what was applied and refused. */
    public static RealtimeReport apply(RealtimeOptions options, String threadRole) {
        List<String> lines = new ArrayList<>();
        if (options.isNone()) {
            return new RealtimeReport(lines, true);
        }
        boolean all = true;
        if (!Platform.isLinux()) {
            String why = ": refused: not Linux (" + System.getProperty("os.name") + ")";
            if (options.timerSlackNs() > 0) {
                lines.add("timer slack " + options.timerSlackNs() + " ns" + why);
            }
            if (options.fifoPriority() > 0) {
                lines.add("SCHED_FIFO " + options.fifoPriority() + why);
            }
            if (options.cpu() >= 0) {
                lines.add("cpu " + options.cpu() + why);
            }
            return report(threadRole, lines, false);
        }
        if (options.timerSlackNs() > 0) {
            all &= timerSlack(options.timerSlackNs(), lines);
        }
        if (options.fifoPriority() > 0) {
            all &= fifo(options.fifoPriority(), lines);
        }
        if (options.cpu() >= 0) {
            all &= pin(options.cpu(), lines);
        }
        return report(threadRole, lines, all);
    }

    /** The calling thread's timer slack in ns ({@code prctl(PR_GET_TIMERSLACK)}), or -1 if unknown. */
    public static long currentTimerSlackNs() {
        if (!Platform.isLinux()) {
            return -1;
        }
        try {
            return Holder.C.prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0) & 0xFFFF_FFFFL;
        } catch (LastErrorException | UnsatisfiedLinkError | NoClassDefFoundError e) {
            try {
                return Long.parseLong(Files.readString(threadProcFile("timerslack_ns")).trim());
            } catch (IOException | RuntimeException e2) {
                return -1;
            }
        }
    }

    /** {@code /proc/<tid>/name} of the calling thread (its task directory lacks some files on some kernels). */
    private static Path threadProcFile(String name) throws IOException {
        Path link = Files.readSymbolicLink(Path.of("/proc/thread-self")); // "<pid>/task/<tid>"
        return Path.of("/proc", link.getFileName().toString(), name);
    }

    private static RealtimeReport report(String role, List<String> lines, boolean all) {
        if (all) {
            LOG.info("thread '{}': real-time options: {}", role, String.join("; ", lines));
        } else {
            LOG.warn("thread '{}': real-time options: {}", role, String.join("; ", lines));
        }
        return new RealtimeReport(lines, all);
    }

    private static boolean timerSlack(long slackNs, List<String> lines) {
        String what = "timer slack " + slackNs + " ns";
        try {
            Holder.C.prctl(PR_SET_TIMERSLACK, slackNs, 0, 0, 0);
            lines.add(what + ": applied");
            return true;
        } catch (LastErrorException | UnsatisfiedLinkError | NoClassDefFoundError e) {
            // fall back to the proc file of this thread
            try {
                Path file = threadProcFile("timerslack_ns");
                Files.writeString(file, Long.toString(slackNs), StandardCharsets.US_ASCII);
                lines.add(what + ": applied (through " + file + ")");
                return true;
            } catch (IOException | RuntimeException e2) {
                lines.add(what + ": refused: " + describe(e) + "; " + e2.getMessage());
                return false;
            }
        }
    }

    private static boolean fifo(int priority, List<String> lines) {
        String what = "SCHED_FIFO " + priority;
        try {
            Holder.C.sched_setscheduler(0, SCHED_FIFO, new int[] {priority});
            lines.add(what + ": applied");
            return true;
        } catch (LastErrorException | UnsatisfiedLinkError | NoClassDefFoundError e) {
            lines.add(what + ": refused: " + describe(e)
                    + " (needs root, CAP_SYS_NICE or an rtprio limit; in a container also --cap-add=SYS_NICE)");
            return false;
        }
    }

    private static boolean pin(int cpu, List<String> lines) {
        String what = "cpu " + cpu;
        int cpus = Runtime.getRuntime().availableProcessors();
        if (cpu >= 1024) {
            lines.add(what + ": refused: CPU numbers go up to 1023 here");
            return false;
        }
        long[] mask = new long[16];
        mask[cpu >>> 6] = 1L << (cpu & 63);
        try {
            Holder.C.sched_setaffinity(0, mask.length * 8L, mask);
            lines.add(what + ": applied");
            return true;
        } catch (LastErrorException | UnsatisfiedLinkError | NoClassDefFoundError e) {
            lines.add(what + ": refused: " + describe(e) + " (this JVM sees " + cpus + " CPUs)");
            return false;
        }
    }

    private static String describe(Throwable e) {
        if (e instanceof LastErrorException le) {
            int errno = le.getErrorCode();
            return switch (errno) {
                case EPERM -> "EPERM (not permitted)";
                case 22 -> "EINVAL (invalid argument)";
                case 3 -> "ESRCH (no such thread)";
                default -> "errno " + errno;
            };
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
