package io.canopy.launch.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The budget of the reads at each end of a fleet's window: a robot whose figures are not read in time is left out
 * (null) instead of holding the report back; the others keep their figures and their order.
 */
class FleetWindowTest {

    @Test
    void aReadThatDoesNotEndInTimeIsLeftOutAndTheOthersKeepTheirOrder() throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        List<Integer> got = FleetWindow.readAll(40, i -> {
            if (i == 7) {
                try {
                    never.await(); // a robot whose read never ends (a starved reader, past the knee)
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
                return -1;
            }
            return i * 10;
        }, deadline);
        assertThat(System.nanoTime()).as("returned by the deadline, not after the stuck read").isLessThan(deadline
                + TimeUnit.SECONDS.toNanos(5));
        assertThat(got).hasSize(40);
        assertThat(got.get(7)).isNull();
        for (int i = 0; i < 40; i++) {
            if (i != 7) {
                assertThat(got.get(i)).isEqualTo(i * 10);
            }
        }
        assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("the late read was interrupted").isTrue();
    }

    @Test
    void aReadThatFailsStillEndsTheCommandWithItsError() {
        assertThatThrownBy(() -> FleetWindow.readAll(3, i -> {
            if (i == 1) {
                throw new IllegalStateException("robot2/controller: no timers");
            }
            return i;
        }, System.nanoTime() + TimeUnit.SECONDS.toNanos(10))).isInstanceOf(IllegalStateException.class)
                .hasMessage("robot2/controller: no timers");
    }
}
