package io.canopy.bt.catalog;

import io.canopy.bt.functions.*;
import io.canopy.bt.learning.*;
import io.canopy.bt.guards.*;
import io.canopy.bt.scope.*;
import io.canopy.bt.repetition.*;
import io.canopy.bt.timing.*;
import io.canopy.bt.concurrency.*;
import io.canopy.bt.diagnostics.*;
import io.canopy.bt.probability.*;
import io.canopy.bt.outcome.*;
import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The two examples of the luabt README, with Java lambdas as leaves. */
class LuabtExamplesTest {
    private double x;
    private double y;
    private final double targetX = 10;
    private final double targetY = 10;
    private final List<String> printed = new ArrayList<>();

    @Test
    void theWalkerApproachesItsTargetAndStops() {
        Tree walker = LuaBt.create(LuaBt.sequence(
                () -> {
                    printed.add(String.format(Locale.ROOT, "location = %.2f, %.2f", x, y));
                    return SUCCESS;
                },
                LuaBt.selector(
                        () -> Math.abs(x - targetX) < 0.005 && Math.abs(y - targetY) < 0.005 ? SUCCESS : FAILURE,
                        () -> {
                            double errX = targetX - x;
                            double errY = targetY - y;
                            x += 1.5 * errX;
                            y += 1.5 * errY;
                            return RUNNING;
                        })));
        int ticks = 1;
        while (walker.tickExactlyOnce() == RUNNING) {
            ticks++;
            assertThat(ticks).as("converges").isLessThan(100);
        }
        assertThat(printed.subList(0, 4)).containsExactly("location = 0.00, 0.00", "location = 15.00, 15.00",
                "location = 7.50, 7.50", "location = 11.25, 11.25");
        assertThat(Math.abs(x - targetX)).isLessThan(0.005);
        // the error halves each step (factor -0.5): 10 / 2^k < 0.005 first at k = 11
        assertThat(ticks).isEqualTo(12);
        assertThat(printed).as("a reactive sequence re-ticks its first leaf every tick").hasSize(ticks);
    }

    @Test
    void theMemorySequenceResumesItsRunningTimerLeaf() {
        ManualNanoClock clock = new ManualNanoClock();
        sayClock = clock;
        Tree timed = LuaBt.create(LuaBt.sequenceStar(
                say("waiting for one second..."), timer(clock, 1),
                say("waiting for three seconds..."), timer(clock, 3),
                say("waiting for two seconds..."), timer(clock, 2)),
                new TreeContext(new DeadlineTimerQueue(clock), 0L));
        while (timed.tickExactlyOnce() == RUNNING) {
            clock.advanceNs(100_000_000L);
        }
        assertThat(printed).containsExactly("0 waiting for one second...", "1100 waiting for three seconds...",
                "4200 waiting for two seconds...");
        assertThat(clock.nanoTime() / 1_000_000L).isEqualTo(6300);
    }

    private ManualNanoClock sayClock;

    private LuaBt.LuaNode say(String text) {
        return () -> {
            printed.add(sayClock.nanoTime() / 1_000_000L + " " + text);
            return SUCCESS;
        };
    }

    /** luabt's create_timer_node: the closure keeps its own deadline (-1 = not set), as the Lua upvalue. */
    private LuaBt.LuaNode timer(ManualNanoClock clock, long seconds) {
        long[] deadline = {-1};
        return () -> {
            long now = clock.nanoTime();
            if (deadline[0] < 0) {
                deadline[0] = now + seconds * 1_000_000_000L;
            }
            if (now - deadline[0] > 0) {
                deadline[0] = -1;
                return SUCCESS;
            }
            return RUNNING;
        };
    }
}
