package io.canopy.bt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TreeObserverTest {
    private static List<String> drain(TransitionRing.Reader reader, long originNs) {
        TransitionBatch batch = new TransitionBatch(64);
        List<String> out = new ArrayList<>();
        while (reader.poll(batch) > 0) {
            for (int k = 0; k < batch.count(); k++) {
                out.add("t" + batch.tick(k) + "@" + (batch.timeNs(k) - originNs) / 1_000_000 + "ms " + batch.uid(k)
                        + " " + batch.from(k) + "->" + batch.to(k));
            }
        }
        return out;
    }

    @Test
    void everyStatusChangeIsRecordedWithItsTickAndTime() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("""
                <Sequence><AlwaysSuccess/><Sleep msec="10"/></Sequence>"""));
        long origin = t.clock.nanoTime();
        TreeObserver observer = TreeObserver.attach(tree);
        TransitionRing.Reader reader = observer.reader();

        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        byte[] statuses = new byte[3];
        observer.copyStatuses(statuses, null);
        assertThat(statuses).containsExactly(Status.RUNNING.ordinal(), Status.IDLE.ordinal(),
                Status.RUNNING.ordinal());
        t.advanceMs(10);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);

        // uids: 0 Sequence, 1 AlwaysSuccess, 2 Sleep; a completed child is reset by its parent at once
        assertThat(drain(reader, origin)).containsExactly(
                "t1@0ms 1 IDLE->SUCCESS",
                "t1@0ms 1 SUCCESS->IDLE",
                "t1@0ms 2 IDLE->RUNNING",
                "t1@0ms 0 IDLE->RUNNING",
                "t2@10ms 2 RUNNING->SUCCESS",
                "t2@10ms 2 SUCCESS->IDLE",
                "t2@10ms 0 RUNNING->SUCCESS",
                "t2@10ms 0 SUCCESS->IDLE");
        byte[] before = new byte[3];
        observer.copyStatuses(statuses, before);
        assertThat(statuses).containsOnly(Status.IDLE.ordinal());
        assertThat(before).containsExactly(Status.SUCCESS.ordinal(), Status.SUCCESS.ordinal(),
                Status.SUCCESS.ordinal());
        assertThat(observer.path(2)).isEqualTo("Sequence/Sleep");
    }

    @Test
    void aSkippedNodeIsShownSkippedThoughItStaysIdle() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("""
                <Sequence><AlwaysFailure _skipIf="true"/><AlwaysSuccess/></Sequence>"""));
        TreeObserver observer = TreeObserver.attach(tree);
        TransitionRing.Reader reader = observer.reader();
        tree.tickExactlyOnce();
        tree.tickExactlyOnce();
        assertThat(tree.root().child(0).status()).isEqualTo(Status.IDLE);
        assertThat(observer.status(1)).isEqualTo(Status.SKIPPED);
        // reported once: the second tick skips it again without a change
        assertThat(drain(reader, t.clock.nanoTime()).stream().filter(s -> s.contains(" 1 ")))
                .containsExactly("t1@0ms 1 IDLE->SKIPPED");
    }

    @Test
    void aReaderThatFallsBehindLosesTheOldestAndCountsThem() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("<AlwaysSuccess/>"));
        TreeObserver observer = TreeObserver.attach(tree, 16);
        TransitionRing.Reader reader = observer.reader();
        for (int i = 0; i < 50; i++) {
            tree.tickExactlyOnce(); // IDLE->SUCCESS, SUCCESS->IDLE
        }
        List<String> got = drain(reader, t.clock.nanoTime());
        assertThat(got.size() + reader.lost()).isEqualTo(100);
        assertThat(got.size()).isBetween(15, 16);
        assertThat(got.get(got.size() - 1)).isEqualTo("t50@0ms 0 SUCCESS->IDLE");
        assertThat(drain(reader, 0)).isEmpty();
    }

    @Test
    void closingStopsTheReports() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("<AlwaysSuccess/>"));
        TreeObserver observer = TreeObserver.attach(tree);
        observer.reader();
        tree.tickExactlyOnce();
        observer.close();
        tree.tickExactlyOnce();
        assertThat(observer.ring().written()).isEqualTo(2);
    }

    /** Groot2's status polls need only the status bytes: without a reader the ring stays empty (and cheap). */
    @Test
    void withoutAReaderOnlyTheStatusesAreKept() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("<Sequence><AlwaysSuccess/><Sleep msec=\"10\"/></Sequence>"));
        TreeObserver observer = TreeObserver.attach(tree);
        tree.tickExactlyOnce();
        assertThat(observer.changes()).isEqualTo(4); // Sequence and Sleep RUNNING, AlwaysSuccess SUCCESS and back
        assertThat(observer.ring().written()).isZero();
        assertThat(observer.status(0)).isEqualTo(Status.RUNNING);
        assertThat(observer.status(1)).isEqualTo(Status.IDLE);
        TransitionRing.Reader reader = observer.reader(); // from the next tick on
        t.advanceMs(10);
        tree.tickExactlyOnce();
        assertThat(drain(reader, t.clock.nanoTime() - 10_000_000)).containsExactly(
                "t2@10ms 2 RUNNING->SUCCESS", "t2@10ms 2 SUCCESS->IDLE", "t2@10ms 0 RUNNING->SUCCESS",
                "t2@10ms 0 SUCCESS->IDLE");
    }

    @Test
    void aReaderOnAnotherThreadSeesAConsistentStream() throws Exception {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("<Sequence><AlwaysSuccess/><AlwaysSuccess/></Sequence>"));
        TreeObserver observer = TreeObserver.attach(tree, 64);
        TransitionRing.Reader reader = observer.reader();
        int ticks = 200_000;
        Thread producer = new Thread(() -> {
            for (int i = 0; i < ticks; i++) {
                tree.tickExactlyOnce();
            }
        });
        producer.start();
        TransitionBatch batch = new TransitionBatch(32);
        long seen = 0;
        long lastTick = 0;
        while (true) {
            boolean alive = producer.isAlive();
            int n = reader.poll(batch);
            if (!alive && n == 0) {
                break;
            }
            for (int k = 0; k < batch.count(); k++) {
                assertThat(batch.tick(k)).isGreaterThanOrEqualTo(lastTick);
                lastTick = batch.tick(k);
                // each tick: child 1 and 2 go IDLE->SUCCESS->IDLE, the root too
                assertThat(batch.uid(k)).isBetween(0, 2);
                assertThat(batch.from(k)).isNotEqualTo(batch.to(k));
                seen++;
            }
        }
        producer.join();
        assertThat(seen + reader.lost()).isEqualTo(6L * ticks);
    }
}
