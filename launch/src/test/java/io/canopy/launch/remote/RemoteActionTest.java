package io.canopy.launch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Status;
import io.canopy.proto.remote.Feedback;
import io.canopy.proto.remote.Goal;
import io.canopy.proto.remote.Result;
import io.canopy.proto.remote.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A remote action's rules, tick by tick on the manual clock, with the worker's messages put into the inbox as
 * the MQTT thread would: one goal per start, outputs of the matching result only, a quick offline-then-online
 * still fails the running goal, a halt sends one cancel, waiting for a worker is bounded by the node's clock.
 */
class RemoteActionTest {
    private static final String ACTION = "<ComputePathToPose goal=\"3,4\" tolerance=\"0.5\" path=\"{path}\" progress=\"{progress}\"/>";

    private static Goal started(ManualNode n) {
        n.worker(RemoteLink.ONLINE);
        n.tick();
        assertThat(n.last).isEqualTo(Status.RUNNING);
        List<Object> sent = n.sent();
        assertThat(sent).hasSize(1).first().isInstanceOf(Goal.class);
        return (Goal) sent.get(0);
    }

    private static Reply result(long goalId, io.canopy.proto.remote.Status status, String path) {
        Result.Builder r = Result.newBuilder().setGoalId(goalId).setStatus(status).setMessage("why");
        if (path != null) {
            r.putOutputs("path", Value.newBuilder().setText(path).build());
        }
        return Reply.of(r.build());
    }

    @Test
    void onlyTheResultOfItsOwnGoalEndsTheActionAndWritesItsOutputs() {
        ManualNode n = new ManualNode(ACTION, 1000);
        Goal g = started(n);
        assertThat(g.getInputsMap()).containsOnlyKeys("goal", "tolerance");
        assertThat(g.getNode()).isEqualTo("ComputePathToPose");

        n.arrive("result #0", result(g.getGoalId() + (1 << 16), io.canopy.proto.remote.Status.SUCCESS, "stale"));
        n.tick();
        assertThat(n.last).as("a result for another goal is ignored").isEqualTo(Status.RUNNING);
        assertThat(n.bb.entry("path").hasValue()).isFalse();

        n.arrive("feedback #0", Reply.of(Feedback.newBuilder().setGoalId(g.getGoalId())
                .putOutputs("progress", Value.newBuilder().setInteger(1).build()).build()));
        n.arrive("result #0", result(g.getGoalId(), io.canopy.proto.remote.Status.SUCCESS, "0,0;3,4"));
        n.tick();
        assertThat(n.last).isEqualTo(Status.SUCCESS);
        assertThat(n.bb.entry("path").stringValue()).isEqualTo("0,0;3,4");
        assertThat(n.bb.entry("progress").doubleValue()).as("feedback in the same tick, written first").isEqualTo(1.0);
        assertThat(n.sent()).as("no cancel for a finished goal").isEmpty();

        n.tick(); // the tree starts again: a new goal
        List<Object> again = n.sent();
        assertThat(again).singleElement().isInstanceOf(Goal.class);
        assertThat(((Goal) again.get(0)).getGoalId()).isNotEqualTo(g.getGoalId());
    }

    @Test
    void aFailureResultFailsTheAction() {
        ManualNode n = new ManualNode(ACTION, 1000);
        Goal g = started(n);
        n.arrive("result #0", result(g.getGoalId(), io.canopy.proto.remote.Status.FAILURE, null));
        n.tick();
        assertThat(n.last).isEqualTo(Status.FAILURE);
    }

    @Test
    void anOfflineFollowedByAnOnlineWithinOneTickStillFailsTheRunningGoal() {
        ManualNode n = new ManualNode(ACTION, 1000);
        started(n);
        n.worker(RemoteLink.OFFLINE);
        n.worker(RemoteLink.ONLINE); // restarted before the tick: the goal it had is gone all the same
        n.tick();
        assertThat(n.last).isEqualTo(Status.FAILURE);
    }

    @Test
    void haltingTheRunningActionSendsOneCancelForItsGoal() {
        ManualNode n = new ManualNode(ACTION, 1000);
        Goal g = started(n);
        n.tick();
        n.tree.haltTree();
        assertThat(n.sent()).containsExactly("cancel " + g.getGoalId());
        n.tree.haltTree();
        assertThat(n.sent()).as("halting an idle action sends nothing").isEmpty();
    }

    @Test
    void withoutAnyWorkerStatusTheActionWaitsWorkerTimeoutOnTheNodesClockThenFails() {
        ManualNode n = new ManualNode(ACTION, 50); // 50 ticks of 1 ms
        for (int i = 0; i < 50; i++) {
            n.tick();
            assertThat(n.last).as("tick " + i).isEqualTo(Status.RUNNING);
        }
        n.tick();
        assertThat(n.last).isEqualTo(Status.FAILURE);
        assertThat(n.sent()).as("no goal without a worker").isEmpty();
    }

    @Test
    void aWorkerThatComesOnlineWhileTheActionWaitsGetsTheGoal() {
        ManualNode n = new ManualNode(ACTION, 1000);
        n.tick();
        n.tick();
        assertThat(n.sent()).isEmpty();
        n.worker(RemoteLink.ONLINE);
        n.tick();
        assertThat(n.sent()).singleElement().isInstanceOf(Goal.class);
        assertThat(n.last).isEqualTo(Status.RUNNING);
    }
}
