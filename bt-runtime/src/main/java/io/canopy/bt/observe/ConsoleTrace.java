package io.canopy.bt.observe;

import java.io.PrintStream;
import java.util.Collection;
import java.util.Locale;
import java.util.Set;

/**
 * Prints a tree's transitions like BehaviorTree.CPP's {@code StdCoutLogger}, one line each:
 * {@code [   1.250] Main  Sequence/MoveBase  IDLE -> RUNNING} (seconds on the tree's clock since the trace
 * started, tree, node path, previous and new status). A node filter keeps the named nodes and everything
 * under them. {@link #drain()} runs on a monitor thread, never on the tick.
 */
public final class ConsoleTrace implements AutoCloseable {
    private final TreeObserver observer;
    private final PrintStream out;
    private final TransitionRing.Reader reader;
    private final TransitionBatch batch = new TransitionBatch(1024);
    private final boolean[] shown;
    private final String[] paths;
    private final long originNs;
    private final String label;
    private long reportedLost;

    /**
     * @param nodeName show only this node (by name) and the nodes under it; null shows every node
     */
    public ConsoleTrace(TreeObserver observer, PrintStream out, String nodeName) {
        this(observer, observer.tree().id(), out, nodeName == null ? null : Set.of(nodeName));
    }

    /**
     * A trace of the nodes named {@code nodeNames} and the nodes under them (every node when null), its lines
     * naming the tree {@code label} (the launch file's name of the tree, say).
     */
    public static ConsoleTrace of(TreeObserver observer, String label, PrintStream out, Collection<String> nodeNames) {
        return new ConsoleTrace(observer, label, out, nodeNames == null ? null : Set.copyOf(nodeNames));
    }

    private ConsoleTrace(TreeObserver observer, String label, PrintStream out, Set<String> nodeNames) {
        this.label = label;
        this.observer = observer;
        this.out = out;
        this.reader = observer.reader();
        this.originNs = observer.tree().context().clock().nanoTime();
        int n = observer.nodeCount();
        shown = new boolean[n];
        paths = new String[n];
        for (int i = 0; i < n; i++) {
            paths[i] = observer.path(i);
            boolean match = nodeNames == null;
            for (int p = i; p >= 0 && !match; p = observer.parent(p)) {
                match = nodeNames.contains(observer.nodes().get(p).name());
            }
            shown[i] = match;
        }
    }

    /** True when the filter matched at least one node (so the caller can say when a name is wrong). */
    public boolean showsAnything() {
        for (boolean s : shown) {
            if (s) {
                return true;
            }
        }
        return false;
    }

    /** Prints the transitions since the last call; returns how many were printed. */
    public synchronized int drain() {
        int printed = 0;
        String tree = label;
        while (reader.poll(batch) > 0) {
            for (int k = 0; k < batch.count(); k++) {
                int uid = batch.uid(k);
                if (!shown[uid]) {
                    continue;
                }
                out.printf(Locale.ROOT, "[%9.3f] %s  %s  %s -> %s%n", (batch.timeNs(k) - originNs) / 1e9, tree,
                        paths[uid], batch.from(k), batch.to(k));
                printed++;
            }
        }
        if (reader.lost() != reportedLost) {
            out.printf(Locale.ROOT, "[trace] %s: %d transitions lost (the trace fell behind the tree)%n", tree,
                    reader.lost() - reportedLost);
            reportedLost = reader.lost();
        }
        out.flush();
        return printed;
    }

    @Override
    public void close() {
        drain();
    }
}
