package io.canopy.hardware.dynamixel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.canopy.bt.Blackboard;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.serial.TtyTransport;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Dynamixel bus allocates nothing on the tick thread (states into the blackboard, goals from it and from
 * setGoal), and next to nothing on its own bus thread (sync write, sync read, parsing, events, a servo that
 * never answers), against virtual servos over a socat pty; measured with the threads' allocation counters.
 */
class DynamixelTickAllocationTest {
    @TempDir
    Path dir;

    @Test
    void theTickAndTheBusThreadAllocateNothing() throws Exception {
        assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): no pty pair");
        ManualNanoClock clock = new ManualNanoClock();
        EventQueue inbox = EventQueue.builder().name("alloc").build();
        try (SocatPtyPair pty = SocatPtyPair.start(dir);
                VirtualServoBus servos = new VirtualServoBus(new TtyTransport(SerialConfig.of(pty.a().toString(), 1_000_000)),
                        6.0, 1, 2).start();
                DynamixelBus bus = new DynamixelBus(DynamixelConfig.of("arm", 1, 2, 3).withTiming(2, 3), ControlTable.xSeries(),
                        new TtyTransport(SerialConfig.of(pty.b().toString(), 1_000_000)), clock, inbox).start()) {
            Blackboard bb = Blackboard.create();
            ServoBlackboard sb = new ServoBlackboard(bus, new String[] {"a", "b", "c"}, bb);
            var goalB = bb.entry("arm_b_goal");
            EventHandler drop = e -> { };
            Runnable tick = () -> {
                clock.advanceNs(5_000_000L);
                long now = clock.nanoTime();
                bus.onTick(now);
                sb.sense().onTick(now);
                long k = now / 5_000_000L;
                bus.setGoal(0, (k % 10) * 0.01);
                goalB.setDouble(-(k % 10) * 0.01);
                sb.act().onTick(now);
                inbox.drain(drop);
            };
            for (int i = 0; i < 100_000; i++) {
                tick.run();
            }
            await("the bus has run").atMost(Duration.ofSeconds(5)).until(() -> bus.cycles() > 200);
            Thread busThread = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("dynamixel-arm"))
                    .findFirst().orElseThrow();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long me = Thread.currentThread().getId();
            long allocated = Long.MAX_VALUE;
            for (int window = 0; window < 10 && allocated > 0; window++) { // the least of several windows
                long before = mx.getThreadAllocatedBytes(me);
                for (int i = 0; i < 20_000; i++) {
                    tick.run();
                }
                allocated = Math.min(allocated, mx.getThreadAllocatedBytes(me) - before);
            }
            // the bus thread: after a warm-up of 2,000 cycles, 1,000 cycles measured
            long warm = bus.cycles() + 2000;
            await("bus warm-up").atMost(Duration.ofSeconds(60)).until(() -> bus.cycles() > warm);
            long busBefore = mx.getThreadAllocatedBytes(busThread.getId());
            long cyclesBefore = bus.cycles();
            await("1,000 bus cycles").atMost(Duration.ofSeconds(60)).until(() -> bus.cycles() > cyclesBefore + 1000);
            long busAllocated = mx.getThreadAllocatedBytes(busThread.getId()) - busBefore;
            long cycles = bus.cycles() - cyclesBefore;
            System.out.println("DynamixelTickAllocationTest: tick thread " + allocated + " bytes over 20,000 ticks; bus thread "
                    + busAllocated + " bytes over " + cycles + " cycles");
            assertThat(bus.noAnswers()).as("servo 3 is not there: reads it misses").isPositive();
            assertThat(bb.entry("arm_a_position").doubleValue()).isBetween(-0.01, 0.1);
            assertThat(allocated).as("tick thread, bytes over 20,000 ticks").isLessThan(1024);
            // 0 bytes measured after the warm-up (12 a cycle before the JIT is done); bounded loosely, as it is no tick path
            assertThat(busAllocated / cycles).as("bus thread, bytes per cycle").isLessThan(100);
        }
    }
}
