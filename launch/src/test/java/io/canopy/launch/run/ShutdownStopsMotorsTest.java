package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.launch.LaunchLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated base runs outside the node, on the far end of a real pty pair (socat), with command
 * timeouts of one minute: within the test the wheels can only stop because the node's shutdown sent stop
 * frames that reached it.
 */
class ShutdownStopsMotorsTest {
    @TempDir
    Path dir;

    @Test
    void shutdownSendsAStopToEveryMotorThatReachesTheSimulatorOverAPty() throws Exception {
        try (SocatPtyPair pair = SocatPtyPair.start(dir);
                DiffDriveSim sim = DiffDriveSim.onPort(SerialConfig.of(pair.b().toString(), 115200)).start()) {
            Files.writeString(dir.resolve("spin.xml"), """
                    <root BTCPP_format="4" main_tree_to_execute="Spin">
                      <BehaviorTree ID="Spin"><Sequence>
                        <Script code="left := 6.0; right := 4.0"/>
                        <Sleep msec="600000"/>
                      </Sequence></BehaviorTree>
                    </root>
                    """);
            Path launch = Files.writeString(dir.resolve("pty.launch.xml"), """
                    <launch>
                      <arg name="port"/>
                      <node name="n" command_timeout_ms="600000">
                        <timer name="control" hz="50"/>
                        <serial name="base" port="$(var port)" baud="115200"/>
                        <motor name="left" link="base" id="0" timeout_ms="60000"/>
                        <motor name="right" link="base" id="1" timeout_ms="60000"/>
                        <tree file="spin.xml"/>
                        <mqtt port="0"/>
                        <bind from="blackboard:left" to="motor:left"/>
                        <bind from="blackboard:right" to="motor:right"/>
                      </node>
                    </launch>
                    """);
            LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(launch, Map.of("port", pair.a().toString())));
            try {
                await().atMost(Duration.ofSeconds(10)).until(() -> sim.snapshot().leftRadS() > 5 && sim.snapshot().rightRadS() > 3);
                long before = sim.commandsReceived();
                runner.shutdown();
                assertThat(runner.views().get(0).stopsSent("base")).isEqualTo(2);
                await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                    assertThat(sim.commandsReceived()).isGreaterThanOrEqualTo(before + 2);
                    assertThat(Math.abs(sim.snapshot().leftRadS())).isLessThan(0.05);
                    assertThat(Math.abs(sim.snapshot().rightRadS())).isLessThan(0.05);
                });
            } finally {
                runner.shutdown();
            }
        }
    }
}
