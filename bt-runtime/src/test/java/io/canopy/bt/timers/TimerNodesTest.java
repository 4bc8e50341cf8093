package io.canopy.bt.timers;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.InputException;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimerNodesTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void tickEaterRunsForCountTicks() {
        Tree tree = t.load("<TickEater count=\"2\"/>");
        assertThat(SeedTrees.tick(tree, 4)).containsExactly(RUNNING, RUNNING, SUCCESS, RUNNING);
    }

    @Test
    void aFreeTimerCountsFromItsStart() {
        Tree tree = t.load("<Timer msec=\"100\"/>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.advanceMs(60);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.advanceMs(40);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
    }

    @Test
    void namedTimersCountFromThePreviousCompletionSoJitterDoesNotAddUp() {
        // three 100 ms steps ticked every 30 ms: free timers restart at the tick that saw the previous one
        // end (120, 240, 360 ms); named ones at the previous deadline (done at 300 ms)
        String steps = "<Sequence><Timer msec=\"100\" timer=\"step\"/><Timer msec=\"100\" timer=\"step\"/>"
                + "<Timer msec=\"100\" timer=\"step\"/></Sequence>";
        assertThat(msUntilSuccess(t, t.load(steps))).isEqualTo(300);
        assertThat(t.blackboard.entry("_timer.step").longValue()).isEqualTo(300_000_000L);
        SeedTrees f = new SeedTrees();
        assertThat(msUntilSuccess(f, f.load(steps.replace(" timer=\"step\"", "")))).isEqualTo(360);
    }

    private static long msUntilSuccess(SeedTrees s, Tree tree) {
        long start = s.clock.nanoTime();
        for (int k = 0; k < 100; k++) {
            if (tree.tickExactlyOnce() == SUCCESS) {
                return (s.clock.nanoTime() - start) / 1_000_000L;
            }
            s.advanceMs(30);
        }
        return -1;
    }
}
