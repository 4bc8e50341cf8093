package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.bt.groot.BtlogWriter;
import io.canopy.bt.groot.Groot2Server;
import io.canopy.bt.observe.ConsoleTrace;
import io.canopy.bt.observe.MonitorThread;
import io.canopy.bt.observe.TreeObserver;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools engineers debug trees with, attached to a node's trees by {@code canopy run}: a Groot2 server per
 * tree ({@code --groot2 [PORT]}: the first tree on PORT and PORT+1, the next on PORT+2 ...), a {@code .btlog} per
 * tree ({@code --btlog DIR}) and a console trace of transitions ({@code --trace [NODE]}). The tick only writes
 * each tree's status bytes and transition ring; one monitor thread drains them (see bt-runtime's monitoring docs).
 */
final class TreeMonitoring implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TreeMonitoring.class);

    /** What to attach: {@code groot2Port} 0 = none, {@code btlogDir} null = none, {@code trace} null = none ("" = every node). */
    record Options(int groot2Port, Path btlogDir, String trace) {
        static final Options NONE = new Options(0, null, null);

        boolean any() {
            return groot2Port > 0 || btlogDir != null || trace != null;
        }
    }

    private final List<TreeObserver> observers = new ArrayList<>();
    private final List<Groot2Server> servers = new ArrayList<>();
    private final List<BtlogWriter> writers = new ArrayList<>();
    private final MonitorThread monitor = new MonitorThread(10);

    /** Attaches to every tree of the node (before the ticker starts); on a bad option, closes what it made and throws. */
    static TreeMonitoring attach(List<TreeSlot> trees, Options o, PrintStream out) {
        TreeMonitoring m = new TreeMonitoring();
        try {
            int port = o.groot2Port();
            for (TreeSlot t : trees) {
                TreeObserver observer = t.observer();
                m.observers.add(observer);
                if (port > 0) {
                    try {
                        m.servers.add(Groot2Server.start(observer, port));
                    } catch (IllegalStateException e) {
                        throw new InputException("--groot2: " + e.getMessage() + "; give another port, e.g. --groot2 " + (port + 100));
                    }
                    LOG.info("tree '{}': Groot2 can attach on port {} (publisher on {})", t.plan.name(), port, port + 1);
                    port += 2;
                }
                if (o.btlogDir() != null) {
                    Files.createDirectories(o.btlogDir());
                    BtlogWriter w = BtlogWriter.open(observer, o.btlogDir().resolve(t.plan.name() + ".btlog"));
                    m.writers.add(w);
                    m.monitor.add(w::drain);
                }
                if (o.trace() != null) {
                    ConsoleTrace trace = new ConsoleTrace(observer, out, o.trace().isEmpty() ? null : o.trace());
                    if (trace.showsAnything()) {
                        m.monitor.add(trace::drain);
                    }
                }
            }
            return m;
        } catch (java.io.IOException e) {
            m.close();
            throw new InputException("--btlog " + o.btlogDir() + ": cannot write there (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            m.close();
            throw e;
        }
    }

    /** After the trees were halted, so their halts are in the logs. */
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
        for (Groot2Server s : servers) {
            s.close();
        }
        for (TreeObserver o : observers) {
            o.close();
        }
    }
}
