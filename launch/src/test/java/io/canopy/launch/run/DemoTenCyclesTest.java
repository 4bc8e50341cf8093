package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.NodeRegistry;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The demo (launch/examples/patrol.launch.xml) for ten full cycles (Patrol, ReturnToDock, Charging, Patrol)
 * on the manual clock: the in-process simulator's physics and the node's ticker are stepped in lockstep by this
 * thread, 10 ms at a time; frames cross the in-process cable between steps (the test waits for the counters
 * to match, it never sleeps). Every stay in Charging must raise the battery to the mission's 90 %.
 *
 * <p>This is the regression test of the demo that got stuck in Charging: a base pushing against a wall kept
 * turning its wheels in the simulator, odometry counted those turns, and the dock tree "arrived" by odometry
 * away from the charger. Now a blocked base's wheels stall (odometry stays with the base) and report overcurrent
 * (the trees back off, as from a bumper), and the dock tree succeeds only when the base reports
 * {@code BatteryState.charging}. Five starting charges give five different trajectories.
 */
class DemoTenCyclesTest {
    private static final long STEP_NS = DiffDriveSim.stepNs();
    private final ManualNanoClock clock = new ManualNanoClock();
    private NodeRuntime node;

    @AfterEach
    void stop() {
        if (node != null) {
            node.shutdown(1_000_000_000L);
        }
    }

    private static void await(SerialLink from, SerialLink to) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (from.framesSent() < from.framesQueued() || to.framesReceived() + to.badFrames() < from.framesSent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("frames stuck on the in-process cable: queued " + from.framesQueued() + ", sent " + from.framesSent() + ", received "
                        + to.framesReceived());
            }
            Thread.onSpinWait();
        }
    }

    @ParameterizedTest(name = "battery at start {0} %")
    @ValueSource(ints = {30, 42, 55, 67, 80})
    void tenCyclesAndEveryChargingRaisesTheBattery(int battery) throws Exception {
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", String.valueOf(PatrolDemoTest.freePort()), "battery", String.valueOf(battery)));
        node = NodeRuntime.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(), NodeTap.NONE);
        node.startManual();
        LinkRuntime base = node.view().linkRuntime("base");
        DiffDriveSim sim = base.sim;
        MachineSlot mission = node.view().machineSlots().get(0);
        long open = System.nanoTime() + 5_000_000_000L; // both ends of the cable open before the first step
        while (!(sim.link().isConnected() && base.link.isConnected()) && System.nanoTime() < open) {
            Thread.onSpinWait();
        }
        assertThat(sim.link().isConnected() && base.link.isConnected()).as("the in-process cable opened").isTrue();

        record Charge(double entered, double left, double x, double y) {}
        List<Charge> charges = new ArrayList<>();
        List<String> states = new ArrayList<>();
        String state = "";
        double enteredAt = Double.NaN;
        int cycles = 0;
        long maxSteps = 20L * 60 * 100; // 20 simulated minutes at most
        for (long i = 0; i < maxSteps && cycles < 10; i++) {
            sim.step(clock.nanoTime() + STEP_NS);
            await(sim.link(), base.link);
            node.control().advance(STEP_NS);
            await(base.link, sim.link());
            String now = mission.stateText();
            if (Boolean.getBoolean("demo.trace") && i % 500 == 0) {
                DiffDriveSim.Snapshot t = sim.snapshot();
                System.out.printf("t=%.1f %s sim (%.2f,%.2f,%.2f) range %.2f batt %.1f charging %s odom (%.2f,%.2f) dock %s/%s patrol %s%n",
                        clock.nanoTime() / 1e9, now, t.x(), t.y(), t.theta(), t.rangeM(), t.batteryPercent(), sim.charging(),
                        node.view().drive().x(), node.view().drive().y(), node.view().treeSlots().get(1).runningAction(), node.view().treeSlots().get(1).lastStatus(),
                        node.view().treeSlots().get(0).runningAction());
            }
            if (!now.equals(state)) {
                states.add(now);
                DiffDriveSim.Snapshot s = sim.snapshot();
                if (now.equals("Charging")) {
                    enteredAt = s.batteryPercent();
                } else if (state.equals("Charging")) {
                    charges.add(new Charge(enteredAt, s.batteryPercent(), s.x(), s.y()));
                    cycles++;
                }
                state = now;
            }
            if (state.equals("Charging") && i % 100 == 0) {
                assertThat(sim.charging()).as("in Charging the base is on its charger: states so far %s", states).isTrue();
            }
        }
        System.out.printf("demo: %d cycles in %.0f simulated s; charges %s%n", cycles, clock.nanoTime() / 1e9, charges);
        assertThat(cycles).as("full cycles; mission states seen: %s", states).isEqualTo(10);
        for (Charge c : charges) {
            assertThat(c.left()).as("every Charging raises the battery: %s", c).isGreaterThan(c.entered());
            assertThat(c.left()).as("and leaves at 90 %%: %s", c).isGreaterThanOrEqualTo(89.9);
        }
        assertThat(states).containsSubsequence("Patrol", "ReturnToDock", "Charging", "Patrol");
        assertThat(node.view().failsafe().silences()).as("the simulator never falls silent in lockstep").isZero();
    }
}
