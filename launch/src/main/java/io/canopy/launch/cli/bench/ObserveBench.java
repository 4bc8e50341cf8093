package io.canopy.launch.cli.bench;

import io.canopy.bt.Tree;
import io.canopy.bt.groot.BtlogWriter;
import io.canopy.bt.groot.Groot2Server;
import io.canopy.bt.observe.MonitorThread;
import io.canopy.bt.observe.TraceJson;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.tick.SystemNanoClock;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * What watching a tree costs its tick: the same tree file ticked with nothing attached, with a Groot2 server
 * polled for statuses at 10 Hz by a client thread, with a {@code .btlog} written, with the Perfetto JSON written,
 * and with all three; the writers drain every 10 ms on a monitor thread, as in {@code canopy run}. The modes are
 * measured in turns, round after round (so a change in the machine's load hits all of them alike); each figure
 * is the median of the rounds' CPU time of the ticking thread per root tick, and the bytes it allocated per tick.
 */
public final class ObserveBench implements AutoCloseable {
    /** One mode's figures. */
    public record Row(String mode, double nsPerRootTick, double nsPerNodeTick, double allocBytesPerTick,
            double transitionsPerTick) {}

    private final long warmupMs;
    private final long measureMs;
    private final int rounds;
    private final List<AutoCloseable> open = new ArrayList<>();
    private final MonitorThread monitor = new MonitorThread(10);
    private Path dir;
    private volatile boolean polling = true;

    public ObserveBench(long warmupMs, long measureMs, int rounds) {
        this.warmupMs = warmupMs;
        this.measureMs = measureMs;
        this.rounds = rounds;
    }

    private final class Mode {
        final String name;
        final Tree tree;
        final TreeObserver observer;
        final double[] cpuNs;
        long ticks;
        long transitions;
        double allocBytesPerTick;

        Mode(String name, Path file, boolean groot2, boolean btlog, boolean traceJson, int port) throws IOException {
            this.name = name;
            this.tree = TreeBench.load(file);
            this.cpuNs = new double[rounds];
            boolean any = groot2 || btlog || traceJson;
            observer = any ? TreeObserver.attach(tree) : null;
            if (observer != null) {
                open.add(observer);
            }
            if (groot2) {
                Groot2Server server = Groot2Server.start(observer, port);
                open.add(server);
                Thread poller = new Thread(() -> poll(port), "bench-groot2-poller");
                poller.setDaemon(true);
                poller.start();
            }
            if (btlog) {
                BtlogWriter w = BtlogWriter.open(observer, dir.resolve("bench.btlog"));
                open.add(w);
                monitor.add(w::drain);
            }
            if (traceJson) {
                TraceJson t = TraceJson.open(dir.resolve(name.replace(' ', '-') + ".json"), SystemNanoClock.INSTANCE);
                t.addTree(observer);
                open.add(t);
                monitor.add(t::drain);
            }
        }
    }

    /** A Groot2 client asking for every node's status 10 times a second, as Groot2 does while monitoring. */
    private void poll(int port) {
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket req = null;
            int id = 0;
            while (polling) {
                if (req == null) {
                    req = ctx.createSocket(SocketType.REQ);
                    req.setReceiveTimeOut(1000);
                    req.setLinger(0);
                    req.connect("tcp://127.0.0.1:" + port);
                }
                req.send(ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put((byte) 2).put((byte) 'S').putInt(++id)
                        .array());
                byte[] reply = req.recv();
                if (reply == null) {
                    ctx.destroySocket(req); // a request that got no answer: a new socket, as Groot2 does
                    req = null;
                    continue;
                }
                while (req.hasReceiveMore()) {
                    req.recv();
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Measures every mode on {@code file}; {@code groot2Port} and the next must be free. */
    public List<Row> run(Path file, int groot2Port) throws IOException {
        dir = Files.createTempDirectory("canopy-bench-observe");
        List<Mode> modes = new ArrayList<>();
        modes.add(new Mode("none", file, false, false, false, 0));
        modes.add(new Mode("groot2 polled 10 Hz", file, true, false, false, groot2Port));
        modes.add(new Mode("btlog", file, false, true, false, 0));
        modes.add(new Mode("trace-json", file, false, false, true, 0));
        modes.add(new Mode("all three", file, true, true, true, groot2Port + 2));
        System.gc();
        long warmEnd = System.nanoTime() + warmupMs * 1_000_000L;
        while (System.nanoTime() - warmEnd < 0) {
            for (Mode m : modes) {
                tickFor(m.tree, 20_000_000L);
            }
        }
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long perRoundNs = Math.max(1, measureMs / Math.max(1, rounds)) * 1_000_000L / modes.size();
        for (int r = 0; r < rounds; r++) {
            for (Mode m : modes) {
                long written = m.observer == null ? 0 : m.observer.changes();
                long cpu0 = threads.getCurrentThreadCpuTime();
                long ticks = tickFor(m.tree, perRoundNs);
                m.cpuNs[r] = (threads.getCurrentThreadCpuTime() - cpu0) / (double) ticks;
                m.ticks += ticks;
                m.transitions += m.observer == null ? 0 : m.observer.changes() - written;
            }
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (Mode m : modes) {
            long least = Long.MAX_VALUE;
            for (int k = 0; k < 5; k++) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 20_000; i++) {
                    m.tree.tickExactlyOnce();
                }
                least = Math.min(least, mx.getThreadAllocatedBytes(tid) - before);
            }
            m.allocBytesPerTick = least / 20_000.0;
        }
        double nodesPerRoot = TreeBench.countNodeTicks(file);
        List<Row> rows = new ArrayList<>();
        for (Mode m : modes) {
            double[] sorted = m.cpuNs.clone();
            Arrays.sort(sorted);
            double median = sorted[rounds / 2];
            rows.add(new Row(m.name, median, median / nodesPerRoot, m.allocBytesPerTick,
                    m.transitions / (double) Math.max(1, m.ticks)));
        }
        return rows;
    }

    private static long tickFor(Tree tree, long ns) {
        long ticks = 0;
        long end = System.nanoTime() + ns;
        do {
            for (int i = 0; i < 64; i++) {
                tree.tickExactlyOnce();
            }
            ticks += 64;
        } while (System.nanoTime() - end < 0);
        return ticks;
    }

    @Override
    public void close() throws Exception {
        polling = false;
        monitor.close();
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        if (dir != null) {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
