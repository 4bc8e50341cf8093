package io.canopy.bench;

import com.badlogic.gdx.ai.btree.BehaviorTree;
import com.badlogic.gdx.ai.btree.BranchTask;
import com.badlogic.gdx.ai.btree.LeafTask;
import com.badlogic.gdx.ai.btree.Task;
import com.badlogic.gdx.ai.btree.branch.Selector;
import com.badlogic.gdx.ai.btree.branch.Sequence;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Builds a bench tree file as a gdx-ai 1.8.2 tree: {@code Sequence} as gdx-ai's {@link Sequence},
 * {@code Fallback} as its {@link Selector}, the leaves as {@link LeafTask}s that count a tick like Canopy's.
 * gdx-ai has no reactive sequence: {@code ReactiveSequence} becomes {@link ReactiveSequence} below, the nearest
 * equivalent written on gdx-ai's own task API (it re-runs every child from the first on each step and leaves
 * a RUNNING child running). gdx-ai has no ports, so {@code CopyPort} (blackboard-heavy) is refused.
 */
public final class GdxAiTrees {
    /** Leaf executions since the last reset (the tick thread only). */
    public static long leafTicks;

    private GdxAiTrees() {}

    public static BehaviorTree<Object> load(Path file) {
        try {
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
            Element bt = (Element) doc.getElementsByTagName("BehaviorTree").item(0);
            return new BehaviorTree<>(build(firstChild(bt)), null);
        } catch (java.io.IOException | javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static Element firstChild(Element e) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                return c;
            }
        }
        throw new IllegalArgumentException("<" + e.getTagName() + "> has no child element");
    }

    private static Task<Object> build(Element e) {
        Task<Object> task = switch (e.getTagName()) {
            case "Sequence" -> new Sequence<>();
            case "Fallback" -> new Selector<>();
            case "ReactiveSequence" -> new ReactiveSequence<>();
            case "AlwaysTrue" -> new Leaf(Task.Status.SUCCEEDED);
            case "AlwaysFalse" -> new Leaf(Task.Status.FAILED);
            case "RunForever" -> new Leaf(Task.Status.RUNNING);
            default -> throw new IllegalArgumentException("<" + e.getTagName() + "> has no gdx-ai equivalent here"
                    + " (gdx-ai has no ports, so blackboard-heavy cannot be built)");
        };
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                task.addChild(build(c));
            }
        }
        return task;
    }

    /** A leaf that counts its execution and returns a fixed status. */
    static final class Leaf extends LeafTask<Object> {
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
        protected Task<Object> copyTo(Task<Object> task) {
            return task;
        }
    }

    /**
     * The nearest gdx-ai equivalent of BT.CPP's ReactiveSequence: each step runs the children from the first;
     * a failing child fails the sequence, a RUNNING one makes it RUNNING (and stays running for the next step).
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
}
