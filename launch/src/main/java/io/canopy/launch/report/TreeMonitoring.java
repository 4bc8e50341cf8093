package io.canopy.launch.report;

import io.canopy.InputException;
import io.canopy.bt.Tree;
import io.canopy.bt.groot.BtlogWriter;
import io.canopy.bt.groot.Groot2Server;
import io.canopy.bt.observe.ConsoleTrace;
import io.canopy.bt.observe.MachineConsoleTrace;
import io.canopy.bt.observe.MachineRecorder;
import io.canopy.bt.observe.MonitorThread;
import io.canopy.bt.observe.TraceJson;
import io.canopy.bt.observe.TransitionRing;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.launch.run.MachineSlot;
import io.canopy.launch.run.TreeSlot;
import io.canopy.tick.TickListener;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools engineers debug a node with, attached by {@code canopy run} to its trees and machines before the
 * first tick (see docs/observability.md):
 *
 * <ul>
 *   <li>a Groot2 server per tree: {@code groot2_port} on the {@code <tree>}, or {@code --groot2 [PORT]} for the
 *       others (the first on PORT and PORT+1, the next on PORT+2 ..., skipping ports taken by {@code groot2_port});
 *   <li>a {@code .btlog} per tree ({@code --btlog DIR});
 *   <li>a console trace of tree transitions and machine steps ({@code --trace [FILTER]}, see {@link TraceFilter});
 *   <li>a Perfetto/Chrome trace ({@code --trace-json FILE}): tick slices of trees and machines, transitions and
 *       machine steps, each timer's lateness.
 * </ul>
 *
 * The tick only writes status bytes and preallocated rings; one monitor thread drains them.
 */
public final class TreeMonitoring implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TreeMonitoring.class);

    private final List<TreeObserver> observers = new ArrayList<>();
    private final List<MachineSlot> watched = new ArrayList<>();
    private final List<Groot2Server> servers = new ArrayList<>();
    private final List<BtlogWriter> writers = new ArrayList<>();
    private TraceJson traceJson;
    private final MonitorThread monitor = new MonitorThread(10);

    /** True when {@code o} or the launch file asks for anything. */
    static boolean wanted(MonitorOptions o, List<TreeSlot> trees) {
        return o.groot2Port() > 0 || o.btlogDir() != null || o.trace() != null || o.traceJson() != null
                || trees.stream().anyMatch(t -> t.plan.groot2Port() > 0);
    }

    /** {@link #attach} when {@code o} or the launch file asks for anything, else null. */
    public static TreeMonitoring attachIfWanted(List<TreeSlot> trees, List<MachineSlot> machines, Ticker ticker, MonitorOptions o,
            PrintStream out) {
        return wanted(o, trees) ? attach(trees, machines, ticker, o, out) : null;
    }

    /** Attaches to the node's trees, machines and timers (before the ticker starts); on a bad option, closes what it made and throws. */
    public static TreeMonitoring attach(List<TreeSlot> trees, List<MachineSlot> machines, Ticker ticker, MonitorOptions o,
            PrintStream out) {
        TreeMonitoring m = new TreeMonitoring();
        try {
            m.attachAll(trees, machines, ticker, o, out);
            return m;
        } catch (RuntimeException e) {
            m.close();
            throw e;
        }
    }

    private void attachAll(List<TreeSlot> trees, List<MachineSlot> machines, Ticker ticker, MonitorOptions o, PrintStream out) {
        Map<String, Tree> treesByName = new LinkedHashMap<>();
        trees.forEach(t -> treesByName.put(t.plan.name(), t.tree));
        List<String> machineNames = machines.stream().map(ms -> ms.plan.name()).toList();
        TraceFilter filter = o.trace() == null ? null : TraceFilter.parse(o.trace(), treesByName, machineNames);
        if (o.traceJson() != null) {
            try {
                traceJson = TraceJson.open(o.traceJson(), ticker.clock());
            } catch (IOException e) {
                throw new InputException("--trace-json " + o.traceJson() + ": cannot write there (" + e.getMessage() + ")");
            }
            monitor.add(traceJson::drain);
        }
        long originNs = ticker.clock().nanoTime();
        int[] ports = groot2Ports(trees.stream().mapToInt(t -> t.plan.groot2Port()).toArray(), o.groot2Port());
        for (int i = 0; i < trees.size(); i++) {
            TreeSlot t = trees.get(i);
            TreeObserver observer = t.observer(); // the tree's one observer, shared with the web page and the MQTT status
            observers.add(observer);
            if (ports[i] > 0) {
                startGroot2(t, observer, ports[i], o.groot2Port() > 0 && t.plan.groot2Port() <= 0);
            }
            if (o.btlogDir() != null) {
                try {
                    Files.createDirectories(o.btlogDir());
                    BtlogWriter w = BtlogWriter.open(observer, o.btlogDir().resolve(t.plan.name() + ".btlog"));
                    writers.add(w);
                    monitor.add(w::drain);
                } catch (IOException e) {
                    throw new InputException("--btlog " + o.btlogDir() + ": cannot write there (" + e.getMessage() + ")");
                }
            }
            if (filter != null && filter.showsTree(t.plan.name())) {
                ConsoleTrace trace = ConsoleTrace.of(observer, t.plan.name(), out, filter.nodesOf(t.plan.name()));
                monitor.add(trace::drain);
            }
            if (traceJson != null) {
                traceJson.addTree(observer, t.plan.name());
            }
        }
        for (MachineSlot ms : machines) {
            boolean console = filter != null && filter.showsMachine(ms.plan.name());
            if (!console && traceJson == null) {
                continue;
            }
            MachineRecorder recorder = ms.recorder(ticker.clock());
            watched.add(ms);
            if (console) {
                MachineConsoleTrace trace = new MachineConsoleTrace(recorder, out, originNs);
                monitor.add(trace::drain);
            }
            if (traceJson != null) {
                traceJson.addMachine(recorder);
            }
        }
        if (traceJson != null) {
            for (TickTimer timer : ticker.timers()) {
                TransitionRing ring = traceJson.addCounter(timer.name() + " lateness", "lateness_us");
                timer.addListener(new LatenessProbe(timer, ring)); // after the node's cycle: it reads the same deadline
            }
        }
    }

    /**
     * Groot2 ports by tree (0: none): the launch file's {@code groot2_port} ({@code explicit}, 0 when not given),
     * else, when {@code first > 0}, the next pair from {@code first} that no explicit port uses.
     */
    static int[] groot2Ports(int[] explicit, int first) {
        int[] ports = new int[explicit.length];
        Set<Integer> taken = new HashSet<>();
        for (int i = 0; i < explicit.length; i++) {
            int p = explicit[i];
            if (p > 0) {
                ports[i] = p;
                taken.add(p);
                taken.add(p + 1);
            }
        }
        int next = first;
        for (int i = 0; i < explicit.length && first > 0; i++) {
            if (ports[i] == 0) {
                while (taken.contains(next) || taken.contains(next + 1)) {
                    next += 2;
                }
                ports[i] = next;
                next += 2;
            }
        }
        return ports;
    }

    private void startGroot2(TreeSlot t, TreeObserver observer, int port, boolean fromOption) {
        try {
            servers.add(Groot2Server.start(observer, port));
        } catch (IllegalStateException e) {
            throw new InputException((fromOption ? "--groot2: " : t.plan.source() + ": attribute 'groot2_port': ")
                    + e.getMessage() + (fromOption ? "; give another port, e.g. --groot2 " + (port + 100) : ""));
        }
        String line = "tree '" + t.plan.name() + "': Groot2 can attach on port " + port + " (publisher on " + (port + 1) + ")";
        LOG.info(line);
    }

    /** Each tick of a timer: its lateness (start minus deadline) into the trace's counter ring. */
    private static final class LatenessProbe implements TickListener {
        private final TickTimer timer;
        private final TransitionRing ring;

        LatenessProbe(TickTimer timer, TransitionRing ring) {
            this.timer = timer;
            this.ring = ring;
        }

        @Override
        public void onTick(long nowNs) {
            ring.append(nowNs, nowNs - timer.nextDeadlineNs());
        }
    }

    /** After the trees were halted and the machines exited, so the logs and traces show it. */
    @Override
    public void close() {
        monitor.close();
        for (BtlogWriter w : writers) {
            try {
                w.close();
            } catch (Exception e) {
                LOG.warn("closing a .btlog: {}", e.toString());
            }
        }
        if (traceJson != null) {
            try {
                traceJson.close();
                LOG.info("--trace-json: {} events in {} (open it in ui.perfetto.dev)", traceJson.events(), traceJson.file());
            } catch (IOException e) {
                LOG.warn("closing {}: {}", traceJson.file(), e.toString());
            }
        }
        for (Groot2Server s : servers) {
            s.close();
        }
        for (TreeObserver o : observers) {
            o.close();
        }
        for (MachineSlot ms : watched) {
            ms.machine().observe(null);
        }
    }
}
