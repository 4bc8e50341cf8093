package io.canopy.bt;

import io.canopy.tick.TickListener;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Binds a tree to a named timer: {@link #onTick} ticks it once ({@code tickExactlyOnce}). When a run
 * finishes, the next tick restarts it or the runner stops, as configured. A node that throws does not stop
 * the ticker: the tree is halted, the {@link ErrorListener} gets the tree, node and message, the error is
 * logged once per distinct (node, message), and with RESTART the next tick starts a fresh run.
 */
public final class TreeRunner implements TickListener {
    private static final Logger LOG = LoggerFactory.getLogger(TreeRunner.class);
    private static final int MAX_REMEMBERED_ERRORS = 1024;

    /** What happens after the root returns SUCCESS or FAILURE. */
    public enum WhenDone {
        /** The next tick starts a new run. */
        RESTART,
        /** The runner stops ticking the tree. */
        STOP
    }

    /** Told about every failed tick, on the tick thread. */
    @FunctionalInterface
    public interface ErrorListener {
        void onTreeError(String treeId, String nodeName, String message);
    }

    private final Tree tree;
    private final WhenDone whenDone;
    private final ErrorListener listener;
    private final Set<String> logged = new HashSet<>();
    private Status lastStatus = Status.IDLE;
    private boolean stopped;
    private long ticks;
    private long errors;

    public TreeRunner(Tree tree, WhenDone whenDone, ErrorListener listener) {
        this.tree = tree;
        this.whenDone = whenDone;
        this.listener = listener == null ? (t, n, m) -> { } : listener;
    }

    @Override
    public void onTick(long nowNs) {
        if (stopped) {
            return;
        }
        ticks++;
        try {
            Status s = tree.tickExactlyOnce();
            lastStatus = s;
            if ((s == Status.SUCCESS || s == Status.FAILURE) && whenDone == WhenDone.STOP) {
                stopped = true;
            }
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    private void failed(RuntimeException e) {
        errors++;
        lastStatus = Status.FAILURE;
        String node = e instanceof TreeTickException t ? t.node().name() : tree.root().name();
        String message = e instanceof TreeTickException t ? t.causeMessage()
                : (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        try {
            tree.haltTree();
        } catch (RuntimeException haltError) {
            message = message + " (halting the tree failed too: " + haltError.getMessage() + ")";
        }
        if (whenDone == WhenDone.STOP) {
            stopped = true;
        }
        String key = node + '\u0000' + message;
        if (logged.size() < MAX_REMEMBERED_ERRORS && logged.add(key)) {
            LOG.error("tree '{}' node '{}': {} (logged once; later repeats are only counted)", tree.id(), node,
                    message);
        }
        listener.onTreeError(tree.id(), node, message);
    }

    public Tree tree() {
        return tree;
    }

    /** The status of the last tick (FAILURE after an error). */
    public Status lastStatus() {
        return lastStatus;
    }

    public boolean isStopped() {
        return stopped;
    }

    public long ticks() {
        return ticks;
    }

    /** Ticks that failed with an exception. */
    public long errors() {
        return errors;
    }
}
