package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.TreeRunner;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.hardware.serial.InboxSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.sim.DiffDriveModel;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.proto.FaultFlag;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BehaviorTree.CPP v4 XML tree on the node's ticker drives the simulated base over a socat pty pair:
 * readings come into blackboard entries, command entries go out as MotorCommands.
 */
class TreeDrivesBaseTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String WANDER = """
            <root BTCPP_format="4" main_tree_to_execute="Wander">
              <BehaviorTree ID="Wander">
                <ReactiveFallback>
                  <Sequence>
                    <ScriptCondition code="range_age_ms &lt; 500 &amp;&amp; range_m &gt; 0.6"/>
                    <Script code="left_cmd := 8; right_cmd := 8"/>
                  </Sequence>
                  <Script code="left_cmd := -4; right_cmd := 4"/>
                </ReactiveFallback>
              </BehaviorTree>
            </root>
            """;

    @TempDir
    Path dir;

    private SocatPtyPair pair;
    private SerialLink node;
    private DiffDriveSim sim;
    private final Ticker ticker = new Ticker("node", SystemNanoClock.INSTANCE);

    @AfterEach
    void stop() {
        ticker.close();
        if (sim != null) {
            sim.close();
        }
        if (node != null) {
            node.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    @Test
    void aTreeDrivesTheMotorsAndSeesOdometryAndRangeInItsBlackboard() throws IOException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): pty tests skipped");
        pair = SocatPtyPair.start(dir);
        MotorController base = new MotorController("node/base", 2, 300, 50);
        RangeSensor front = new RangeSensor("front", 0);
        node = SerialLink.open(SerialConfig.of(pair.a().toString(), 115200),
                new DeviceHub(new InboxSink(ticker.inbox()), base, front)).start();
        base.attach(node);

        Blackboard blackboard = Blackboard.create();
        Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins())
                .loadText(WANDER, blackboard, new TreeContext(ticker.oneShotTimers(), 1L));
        DiffDriveOdometry odometry = new DiffDriveOdometry(base, 0, 1, DiffDriveModel.WHEEL_RADIUS_M, DiffDriveModel.TRACK_M);
        odometry.reset(0.5, 1.5, 0); // where the simulator starts
        BlackboardBridge bridge = new BlackboardBridge(blackboard)
                .reading(odometry.pose(), DiffDriveOdometry.X_M, "odom_x", null)
                .reading(front.latest(), RangeSensor.RANGE_M, "range_m", "range_age_ms")
                .motorState(base, 0, "left_position", "left_velocity")
                .velocityCommand(base, 0, "left_cmd")
                .velocityCommand(base, 1, "right_cmd");
        AtomicReference<String> seen = new AtomicReference<>("");
        TickTimer control = ticker.addTimerHz("control", 50);
        control.addListener(odometry)
                .addListener(bridge.inputs())
                .addListener(new TreeRunner(tree, TreeRunner.WhenDone.RESTART, null))
                .addListener(bridge.outputs())
                .addListener(base)
                .addListener(now -> {
                    seen.set(blackboard.entry("left_position").doubleValue() + " "
                            + blackboard.entry("range_m").doubleValue() + " " + blackboard.entry("odom_x").doubleValue());
                });
        sim = DiffDriveSim.onPort(SerialConfig.of(pair.b().toString(), 115200)).start();
        ticker.start();

        await().atMost(WAIT).until(() -> !seen.get().isEmpty()
                && Double.parseDouble(seen.get().split(" ")[0]) > 3.0);
        float startRange = sim.snapshot().rangeM();
        await().atMost(WAIT).until(() -> sim.snapshot().x() > 0.7 && sim.snapshot().rangeM() < startRange);
        assertThat(Double.parseDouble(seen.get().split(" ")[1])).isBetween(0.02, 4.0);
        await().atMost(WAIT).until(() -> Double.parseDouble(seen.get().split(" ")[2]) > 0.7); // odometry moves too
        assertThat(node.badFrames()).isZero();

        ticker.stop(); // the node hangs: no more commands; the controller's timeout stops the wheels
        await().atMost(WAIT).until(() -> Math.abs(sim.snapshot().leftRadS()) < 0.05
                && Math.abs(sim.snapshot().rightRadS()) < 0.05);
        assertThat(sim.snapshot().faultFlags()).isEqualTo(FaultFlag.FAULT_COMMAND_TIMEOUT_VALUE);
    }
}
