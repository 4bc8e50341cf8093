package io.canopy.hardware.mavlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.canopy.bt.Blackboard;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.hardware.stream.UdpByteTransport;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import java.lang.management.ManagementFactory;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/**
 * The vehicle role allocates nothing, neither on the tick thread (state copy, blackboard, heartbeat, command
 * resends, a moving position setpoint, events into the inbox) nor on the reader's path (frames parsed into the
 * state table): both are driven from this thread for 20,000 ticks on the manual clock and measured with the
 * thread's allocation counter. Frames go out through a real UDP link to a socket nobody reads.
 */
class VehicleTickAllocationTest {
    private static byte[] frames() {
        byte[] out = new byte[4096];
        int n = 0;
        byte[] p = new byte[255];
        p[MavlinkMessages.HEARTBEAT.offset("type")] = 2;
        p[MavlinkMessages.HEARTBEAT.offset("autopilot")] = 3;
        p[MavlinkMessages.HEARTBEAT.offset("base_mode")] = (byte) 0x81;
        p[MavlinkMessages.HEARTBEAT.offset("custom_mode")] = 4;
        byte[] tmp = new byte[MavlinkFrames.MAX_FRAME];
        MessageSpec[] specs = {MavlinkMessages.HEARTBEAT, MavlinkMessages.ATTITUDE, MavlinkMessages.LOCAL_POSITION_NED,
            MavlinkMessages.GLOBAL_POSITION_INT, MavlinkMessages.SYS_STATUS, MavlinkMessages.EXTENDED_SYS_STATE};
        for (MessageSpec s : specs) {
            if (s != MavlinkMessages.HEARTBEAT) {
                java.util.Arrays.fill(p, (byte) 0);
                p[0] = 1;
                p[5] = 2;
            }
            int k = MavlinkFrames.encode(s, p, 7, 1, 1, tmp);
            System.arraycopy(tmp, 0, out, n, k);
            n += k;
            if (s == MavlinkMessages.HEARTBEAT) {
                java.util.Arrays.fill(p, (byte) 0);
            }
        }
        out[n++] = 'x'; // and a byte of garbage, so the bad-input path runs too
        return java.util.Arrays.copyOf(out, n);
    }

    @Test
    void theTickAndTheReaderPathsAllocateNothing() throws Exception {
        ManualNanoClock clock = new ManualNanoClock(1_000_000_000L);
        EventQueue inbox = EventQueue.builder().name("alloc").build();
        MavlinkVehicle v = new MavlinkVehicle(MavlinkConfig.of("fc"), clock, inbox);
        try (DatagramSocket sink = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                ByteLink link = new ByteLink("fc", new UdpByteTransport(new InetSocketAddress("127.0.0.1", 0),
                        new InetSocketAddress("127.0.0.1", sink.getLocalPort())), v, 256, MavlinkFrames.MAX_FRAME, 50, 500)) {
            v.attach(link);
            link.start(true);
            VehicleBlackboard bb = new VehicleBlackboard(v, Blackboard.create(), "fc");
            byte[] in = frames();
            EventHandler drop = e -> { };
            int[] slot = {-1};
            Runnable tick = () -> {
                clock.advanceNs(20_000_000L);
                v.onBytes(in, in.length);
                long now = clock.nanoTime();
                v.onTick(now);
                bb.onTick(now);
                v.setPositionTarget((now / 20_000_000L) % 7, 1, -5, Double.NaN);
                if (slot[0] < 0) {
                    slot[0] = v.arm(true); // never acknowledged: resent each second, then given up
                } else if (v.commandResult(slot[0]) != MavlinkVehicle.RESULT_PENDING) {
                    v.releaseCommand(slot[0]);
                    slot[0] = -1;
                }
                inbox.drain(drop);
            };
            for (int i = 0; i < 100_000; i++) { // warm up until the JIT has compiled the path
                tick.run();
            }
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            // the least of several windows: a late JIT recompilation or a first-time log line in one window is not
            // the steady state, and an allocation on the path shows in every window
            long allocated = Long.MAX_VALUE;
            for (int window = 0; window < 10 && allocated > 0; window++) {
                long before = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < 20_000; i++) {
                    tick.run();
                }
                allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - before);
            }
            assertTrue(v.connected());
            assertEquals("GUIDED", v.modeName());
            assertTrue(v.parser().frames() > 100_000 && v.parser().garbageBytes() > 100_000, "frames and garbage were parsed");
            assertTrue(v.commandsSent() > 10, "commands were sent and resent");
            System.out.println("VehicleTickAllocationTest: " + allocated + " bytes allocated over 20,000 ticks");
            assertTrue(allocated < 1024, "bytes allocated over 20,000 ticks: " + allocated);
        }
    }
}
