package io.canopy.launch.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeTap;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plays systemd's part: a Unix datagram socket of its own as {@code NOTIFY_SOCKET}, a 100 ms {@code WATCHDOG_USEC},
 * and the minimal node on the manual clock, whose ticker this test runs and then stalls.
 */
class ServiceNotifierTest {
    @TempDir
    Path dir;

    @Test
    void noOpWithoutNotifySocket() {
        assertSame(ServiceNotifier.NONE, ServiceNotifier.fromEnvironment(Map.of()));
        assertFalse(ServiceNotifier.NONE.active());
        ServiceNotifier.NONE.status("x");
        ServiceNotifier.NONE.stopping("SIGTERM");
        ServiceNotifier.NONE.close();
        assertSame(null, ServiceNotifier.NONE.taps(null));
    }

    @Test
    void abstractSocket() {
        String name = "@canopy-notify-test-" + ProcessHandle.current().pid();
        try (SdNotify systemd = SdNotify.bound(name); SdNotify node = SdNotify.to(name)) {
            assertTrue(node.send("READY=1"));
            assertEquals("READY=1", await(systemd, "READY=1", 2000).get(0));
        }
    }

    @Test
    void readyAfterFirstTickWatchdogWhileTickingNoneWhileStalledStoppingOnStop() throws Exception {
        String sock = dir.resolve("notify").toString();
        try (SdNotify systemd = SdNotify.bound(sock)) {
            ServiceNotifier service = ServiceNotifier.fromEnvironment(Map.of("NOTIFY_SOCKET", sock, "WATCHDOG_USEC", "100000"));
            assertTrue(service.active());
            service.statusFrom(() -> "minimal: ticking\nsecond line dropped");
            // the minimal node at 10 Hz: a 300 ms stall budget, so a busy test machine is not taken for a stalled ticker
            Files.createDirectories(dir.resolve("trees"));
            Files.copy(Path.of("examples/trees/count.xml"), dir.resolve("trees/count.xml"));
            Path file = Files.writeString(dir.resolve("slow.launch.xml"), Files.readString(Path.of("examples/minimal.launch.xml"))
                    .replace("hz=\"50\"", "hz=\"10\""));
            LaunchPlan plan = LaunchLoader.load(file, Map.of());
            ManualNanoClock clock = new ManualNanoClock();
            NodeControl node = NodeControl.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(),
                    service.tap("minimal", NodeTap.NONE));
            node.startManual();

            Thread.sleep(300);
            assertEquals(List.of(), drain(systemd), "nothing before the first tick");

            AtomicBoolean ticking = new AtomicBoolean(true);
            AtomicBoolean run = new AtomicBoolean(true);
            Thread ticker = new Thread(() -> { // the tick thread of a manual-clock node: a tick every 20 ms of real time
                while (run.get()) {
                    if (ticking.get()) {
                        node.advanceTo(clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100)); // one tick
                    }
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "test-ticker");
            ticker.start();
            try {
                List<String> first = await(systemd, "READY=1\n", 5000);
                String ready = first.get(first.size() - 1);
                assertEquals(1, first.size(), "READY=1 first: " + first);
                assertEquals("READY=1\nSTATUS=minimal: ticking", ready);
                assertTrue(node.view().ticks(0) >= 1);
                for (String d : first) {
                    assertFalse(d.contains("WATCHDOG"), "no ping before READY: " + first);
                }

                Thread.sleep(600);
                long pings = drain(systemd).stream().filter("WATCHDOG=1"::equals).count();
                assertTrue(pings >= 6, "a ping every 50 ms while ticking: " + pings);

                ticking.set(false); // the ticker stalls
                long stalledTicks = node.view().ticks(0);
                Thread.sleep(600); // the period plus the stall budget (400 ms), and one ping period
                drain(systemd);
                Thread.sleep(800);
                List<String> whileStalled = drain(systemd);
                assertEquals(stalledTicks, node.view().ticks(0));
                assertEquals(List.of(), whileStalled, "no WATCHDOG=1 while the ticker is stalled");

                ticking.set(true); // back on time: the pings resume
                assertNotNull(await(systemd, "WATCHDOG=1", 2000));
            } finally {
                run.set(false);
                ticker.join();
            }
            service.status("minimal: 42 ticks");
            await(systemd, "STATUS=minimal: 42 ticks", 2000);
            service.stopping("SIGTERM");
            List<String> end = await(systemd, "STOPPING=1\nSTATUS=stopping (SIGTERM)", 2000);
            assertTrue(end.get(end.size() - 1).startsWith("STOPPING=1"));
            node.shutdown(TimeUnit.MILLISECONDS.toNanos(500));
            service.close();
            Thread.sleep(200);
            assertFalse(drain(systemd).contains("WATCHDOG=1"), "no ping after STOPPING=1");
        }
    }

    /** Datagrams until one starts with {@code want} (included, last); fails after {@code ms}. */
    private static List<String> await(SdNotify systemd, String want, long ms) {
        List<String> got = new ArrayList<>();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (System.nanoTime() - end < 0) {
            String d = systemd.poll();
            if (d == null) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                continue;
            }
            got.add(d);
            if (d.startsWith(want)) {
                return got;
            }
        }
        throw new AssertionError("no '" + want + "' within " + ms + " ms; got " + got);
    }

    private static List<String> drain(SdNotify systemd) {
        List<String> got = new ArrayList<>();
        for (String d = systemd.poll(); d != null; d = systemd.poll()) {
            got.add(d);
        }
        return got;
    }
}
