package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.SerialLink;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Commanding motors from the tick thread allocates nothing (the thread's allocation counter). */
class MotorControllerAllocationTest {

    @Test
    void onTickWithChangingSetPointsAllocatesNothing() {
        InProcessWire wire = new InProcessWire();
        MotorController motors = new MotorController("alloc/base", 2, 300, 50);
        AtomicLong received = new AtomicLong();
        try (SerialLink node = SerialLink.inProcess("node", wire, true, new DeviceHub(null, motors)).start();
                SerialLink peer = SerialLink.inProcess("peer", wire, false, (l, e, at) -> received.incrementAndGet())
                        .start()) {
            motors.attach(node);
            await().atMost(Duration.ofSeconds(30)).until(() -> node.isConnected() && peer.isConnected());
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            long nowNs = 0;
            for (int i = 0; i < 100_000; i++) { // warm-up: JIT, lazily initialised classes
                nowNs = tick(motors, i, nowNs);
            }
            // A method the JIT compiles (or deoptimises and recompiles) during a window costs a few dozen bytes
            // once, on a loaded machine even after the warm-up; code that allocates per tick costs bytes in
            // every window. So: the best of up to five 20,000-tick windows must be zero.
            long best = Long.MAX_VALUE;
            for (int window = 0; window < 5 && best > 0; window++) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 20_000; i++) {
                    nowNs = tick(motors, i, nowNs);
                }
                best = Math.min(best, mx.getThreadAllocatedBytes(tid) - before);
            }
            assertThat(best).as("bytes allocated by 20,000 ticks (best of up to five windows)").isZero();
            assertThat(motors.commandsSent() + motors.commandsDropped()).isPositive();
            await().atMost(Duration.ofSeconds(30)).until(() -> received.get() > 0);
        }
    }

    private static long tick(MotorController motors, int i, long nowNs) {
        motors.setVelocity(0, i % 7);
        motors.setVelocity(1, -(i % 5));
        motors.onTick(nowNs);
        return nowNs + 20_000_000L;
    }
}
