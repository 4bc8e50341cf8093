package io.canopy.launch.read;

import io.canopy.launch.plan.RealtimePlan;
import io.canopy.tick.realtime.IdleMode;
import java.util.List;

/** Reads a node's {@code <realtime>}: SCHED_FIFO, CPU and timer slack for its tick thread and its links' threads. */
final class RealtimeReader {
    private final Substitutions subst;
    private final List<String> errors;
    private RealtimePlan realtime;

    RealtimeReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    /** {@code <realtime fifo cpu timer_slack_ns io_fifo/>}: at most one per node. */
    void read(XmlElement c) {
        ElementReader r = new ElementReader(c, subst, errors, "fifo", "cpu", "timer_slack_ns", "io_fifo", "idle");
        for (XmlElement x : c.children) {
            errors.add(x.where() + ": <realtime> takes no child elements; remove <" + x.name + ">");
        }
        if (!r.enabled()) {
            return;
        }
        if (realtime != null) {
            errors.add(c.where() + ": a second <realtime> in this node (the first is at " + realtime.source()
                    + "); merge their attributes into one");
            return;
        }
        int fifo = (int) r.integer("fifo", 0, 0, 99, "a SCHED_FIFO priority (0: off)");
        int cpu = (int) r.integer("cpu", -1, -1, 4095, "a CPU number (-1: any)");
        long slack = r.integer("timer_slack_ns", -1, -1, 1_000_000_000L, "nanoseconds (-1: the kernel's 50 µs)");
        if (slack == 0) {
            r.error("attribute 'timer_slack_ns': 0 means 'the process default' to Linux; write 1 for the least slack");
            slack = -1;
        }
        int ioFifo = (int) r.integer("io_fifo", 0, 0, 99, "a SCHED_FIFO priority (0: off)");
        String idleText = r.string("idle", "park-then-spin");
        IdleMode idle = switch (idleText) {
            case "park" -> IdleMode.PARK;
            case "park-then-spin" -> IdleMode.PARK_THEN_SPIN;
            case "spin" -> IdleMode.SPIN;
            default -> {
                r.error("attribute 'idle': \"" + idleText + "\" is not a way to wait; write park, park-then-spin (the default)"
                        + " or spin (a whole core, for the least wake-up latency)");
                yield IdleMode.PARK_THEN_SPIN;
            }
        };
        realtime = new RealtimePlan(fifo, cpu, slack, ioFifo, idle, c.source());
    }

    /** The node's {@code <realtime>}, or null without one. */
    RealtimePlan plan() {
        return realtime;
    }
}
