package io.canopy.bench;

import com.badlogic.gdx.ai.btree.BehaviorTree;
import com.badlogic.gdx.ai.btree.BranchTask;
import com.badlogic.gdx.ai.btree.LeafTask;
import com.badlogic.gdx.ai.btree.Task;
import com.badlogic.gdx.ai.btree.branch.DynamicGuardSelector;
import com.badlogic.gdx.ai.btree.branch.Selector;
import com.badlogic.gdx.ai.btree.branch.Sequence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Builds a bench tree file as a gdx-ai 1.8.2 tree out of gdx-ai's own task classes (from its jar), so that one
 * {@link BehaviorTree#step()} does the work of one Canopy root tick:
 * <ul>
 *   <li>{@code Sequence} is gdx-ai's {@link Sequence}, {@code Fallback} its {@link Selector}.</li>
 *   <li>{@code AlwaysTrue}, {@code AlwaysFalse}, {@code RunForever} are {@link LeafTask}s that count an
 *       execution (as Canopy's bench leaves count a tick) and return SUCCEEDED, FAILED, RUNNING.</li>
 *   <li>{@code ReactiveSequence c0..cN-1 act}: gdx-ai has no reactive sequence (its {@code Sequence} resumes at
 *       the running child and does not look at the earlier ones again). Its own way to re-check conditions on
 *       every step is a guard under a {@link DynamicGuardSelector}: the selector evaluates its children's guards
 *       from the first on each step and cancels the running child when its guard fails. So the form is a
 *       {@code DynamicGuardSelector} with one child, {@code act}, whose guard is a {@code Sequence} of
 *       {@code c0..cN-1}: each step ticks every condition and then the still-running action, and a failing
 *       condition cancels the action and fails the root, as BT.CPP's ReactiveSequence does. It costs one task
 *       more than Canopy's (the selector): N + 3 tasks report a status per step against Canopy's N + 2.
 *       {@link #loadWithReactiveBranch} builds instead {@link ReactiveSequence}, a branch written here on gdx-ai's
 *       {@code BranchTask} API that runs its children from the first on every step (N + 2 tasks, as Canopy).</li>
 *   <li>{@code CopyPort in="{target}" out="{out_i}"}: gdx-ai's blackboard is the tree's object
 *       ({@link Task#getObject()}); its idiom is a plain class with fields. {@link Board} has a {@code long
 *       target} and a {@code long[] out}; each CopyPort leaf is bound at build time to its index in {@code out}
 *       (one slot per distinct out key) and does {@code out[i] = target + 1}.</li>
 * </ul>
 */
public final class GdxAiTrees {
    /** Leaf executions since the last reset (the ticking thread only). */
    public static long leafTicks;

    private GdxAiTrees() {}

    /** The blackboard object of a gdx-ai bench tree: {@code target = 42}, one {@code out} slot per CopyPort output. */
    public static final class Board {
        public long target = 42;
        public final long[] out;

        Board(int outs) {
            out = new long[outs];
        }
    }

    public static BehaviorTree<Board> load(String name) {
        return load(BenchTrees.file(name));
    }

    public static BehaviorTree<Board> load(Path file) {
        return load(file, false);
    }

    /** As {@link #load(String)}, but {@code ReactiveSequence} becomes {@link ReactiveSequence}, not a guard. */
    public static BehaviorTree<Board> loadWithReactiveBranch(String name) {
        return load(BenchTrees.file(name), true);
    }

    private static BehaviorTree<Board> load(Path file, boolean reactiveBranch) {
        try {
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
            Element bt = (Element) doc.getElementsByTagName("BehaviorTree").item(0);
            Map<String, Integer> outs = new LinkedHashMap<>();
            Task<Board> root = new Builder(outs, file, reactiveBranch).build(elements(bt).get(0));
            return new BehaviorTree<>(root, new Board(outs.size()));
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static List<Element> elements(Element e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                out.add(c);
            }
        }
        return out;
    }

    /** Builds the tasks of one file; {@code outs} numbers the CopyPort outputs (one Board slot per distinct key). */
    private record Builder(Map<String, Integer> outs, Path file, boolean reactiveBranch) {
        Task<Board> build(Element e) {
            List<Element> kids = elements(e);
            return switch (e.getTagName()) {
                case "Sequence" -> withChildren(new Sequence<>(), kids);
                case "Fallback" -> withChildren(new Selector<>(), kids);
                case "ReactiveSequence" -> reactiveBranch ? withChildren(new ReactiveSequence<>(), kids) : reactive(kids);
                case "AlwaysTrue" -> new Leaf(Task.Status.SUCCEEDED);
                case "AlwaysFalse" -> new Leaf(Task.Status.FAILED);
                case "RunForever" -> new Leaf(Task.Status.RUNNING);
                case "CopyPort" -> copyPort(e);
                default -> throw new IllegalArgumentException(file + ": <" + e.getTagName()
                        + "> has no gdx-ai form here; the bench trees use Sequence, Fallback, ReactiveSequence,"
                        + " AlwaysTrue, AlwaysFalse, RunForever, CopyPort");
            };
        }

        Task<Board> withChildren(Task<Board> branch, List<Element> kids) {
            for (Element k : kids) {
                branch.addChild(build(k));
            }
            return branch;
        }

        /** {@code DynamicGuardSelector( act [guard: Sequence(c0..cN-1)] )}; see the class comment. */
        Task<Board> reactive(List<Element> kids) {
            if (kids.size() < 2) {
                throw new IllegalArgumentException(file + ": ReactiveSequence needs conditions and a last action");
            }
            Sequence<Board> conditions = new Sequence<>();
            for (Element k : kids.subList(0, kids.size() - 1)) {
                conditions.addChild(build(k));
            }
            Task<Board> act = build(kids.get(kids.size() - 1));
            act.setGuard(conditions);
            DynamicGuardSelector<Board> selector = new DynamicGuardSelector<>();
            selector.addChild(act);
            return selector;
        }

        Task<Board> copyPort(Element e) {
            if (!"{target}".equals(e.getAttribute("in"))) {
                throw new IllegalArgumentException(file + ": CopyPort in=\"" + e.getAttribute("in")
                        + "\": the gdx-ai form reads only {target}");
            }
            String out = e.getAttribute("out");
            return new CopyPort(outs.computeIfAbsent(out, k -> outs.size()));
        }
    }

    /** A leaf that counts its execution and returns a fixed status. */
    static final class Leaf extends LeafTask<Board> {
        private final Status result;

        Leaf(Status result) {
            this.result = result;
        }

        @Override
        public Status execute() {
            leafTicks++;
            return result;
        }

        @Override
        protected Task<Board> copyTo(Task<Board> task) {
            return task;
        }
    }

    /**
     * BT.CPP's ReactiveSequence on gdx-ai's task API (gdx-ai has none): every step runs the children from the first;
     * a failing child cancels a running one and fails the sequence, a RUNNING child makes it RUNNING (and is run,
     * not restarted, on the next step), all succeeding makes it succeed.
     */
    static final class ReactiveSequence<E> extends BranchTask<E> {
        private boolean stopped;

        @Override
        public void run() {
            for (int i = 0; i < children.size; i++) {
                Task<E> child = children.get(i);
                if (child.getStatus() != Status.RUNNING) {
                    child.setControl(this);
                    child.start();
                }
                stopped = false;
                child.run();
                if (stopped) {
                    return;
                }
            }
            success();
        }

        @Override
        public void childSuccess(Task<E> task) {
            // go on with the next child
        }

        @Override
        public void childFail(Task<E> task) {
            stopped = true;
            cancelRunningChildren(0);
            fail();
        }

        @Override
        public void childRunning(Task<E> runningTask, Task<E> reporter) {
            stopped = true;
            running();
        }

        @Override
        protected Task<E> copyTo(Task<E> task) {
            return task;
        }
    }

    /** Counts its execution, writes {@code target + 1} to its {@code out} slot of the tree's {@link Board}, succeeds. */
    static final class CopyPort extends LeafTask<Board> {
        private final int slot;

        CopyPort(int slot) {
            this.slot = slot;
        }

        @Override
        public Status execute() {
            leafTicks++;
            Board board = getObject();
            board.out[slot] = board.target + 1;
            return Status.SUCCEEDED;
        }

        @Override
        protected Task<Board> copyTo(Task<Board> task) {
            return task;
        }
    }
}
