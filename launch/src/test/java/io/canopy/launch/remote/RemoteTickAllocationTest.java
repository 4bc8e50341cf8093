package io.canopy.launch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.proto.remote.Feedback;
import io.canopy.proto.remote.Goal;
import io.canopy.proto.remote.Value;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.Ticker;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A running remote action's tick allocates nothing, also while feedback arrives through the inbox and is written
 * to its output port every tick; starting it sends one goal to the outbox with its inputs. Manual clock, the
 * ticker runs on this thread; measured with the thread's allocation counter (the least of several windows).
 */
class RemoteTickAllocationTest {
    @Test
    void aRunningRemoteActionAllocatesNothingPerTickEvenWithFeedback() {
        ManualNode n = new ManualNode("<ComputePathToPose goal=\"3,4\" tolerance=\"0.5\" progress=\"{progress}\"/>", 1000);
        ManualNanoClock clock = n.clock;
        Ticker ticker = n.ticker;
        Tree tree = n.tree;
        Blackboard bb = n.bb;
        EventQueue outbox = n.outbox;
        Event scratch = new Event(0);
        n.worker(RemoteLink.ONLINE);
        n.tick();
        assertThat(n.last).isEqualTo(Status.RUNNING);
        List<Goal> goals = new ArrayList<>();
        outbox.drain(e -> goals.add((Goal) e.attachment()));
        assertThat(goals).singleElement().satisfies(g -> {
            assertThat(g.getType()).isEqualTo("ComputePathToPose");
            assertThat(g.getInputsMap().get("goal").getText()).isEqualTo("3,4");
            assertThat(g.getInputsMap().get("tolerance").getNumber()).isEqualTo(0.5);
            assertThat(g.getGoalId() & 0xFFFF).as("slot 0 in the low bits").isZero();
        });

        String feedbackKey = n.key("feedback #0");
        Reply[] feedback = new Reply[8]; // as the MQTT thread unpacks them
        for (int i = 0; i < feedback.length; i++) {
            feedback[i] = Reply.of(Feedback.newBuilder().setGoalId(goals.get(0).getGoalId())
                    .putOutputs("progress", Value.newBuilder().setNumber(i / 8.0).build()).build());
        }
        for (int i = 0; i < 150_000; i++) { // warm up: until the JIT has compiled the path, the interpreter allocates
            ticker.inbox().offer(scratch.set(EventKind.SENSOR, feedbackKey, clock.nanoTime()).attachment(feedback[i & 7]));
            ticker.advance(1_000_000);
        }
        assertThat(bb.entry("progress").doubleValue()).isEqualTo(((150_000 - 1) & 7) / 8.0);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long allocated = Long.MAX_VALUE;
        for (int w = 0; w < 10 && allocated > 0; w++) { // the least of several windows: a late JIT recompilation is not the path
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 20_000; i++) {
                ticker.inbox().offer(scratch.set(EventKind.SENSOR, feedbackKey, clock.nanoTime()).attachment(feedback[i & 7]));
                ticker.advance(1_000_000);
            }
            allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(n.last).isEqualTo(Status.RUNNING);
        assertThat(allocated).as("bytes allocated in 20,000 RUNNING ticks with feedback").isZero();
        assertThat(outbox.drain(e -> { })).as("nothing more sent while running").isZero();

        tree.haltTree();
        List<String> cancels = new ArrayList<>();
        outbox.drain(e -> cancels.add(e.name()));
        assertThat(cancels).singleElement().asString().contains("cancel -> robot1/nav/compute_path/cancel");
    }
}
