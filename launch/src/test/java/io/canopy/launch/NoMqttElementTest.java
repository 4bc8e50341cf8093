package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.launch.plan.NodePlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code <mqtt broker="none"/>}: a node without MQTT, and everything that needs MQTT in such a node refused at
 * load, one line each with file:line:column, all at once.
 */
class NoMqttElementTest {
    @TempDir
    Path dir;

    @BeforeEach
    void tree() {
        write(dir, "t.xml", LaunchFiles.TREE);
    }

    private Path file(String body) {
        return write(dir, "n.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <tree file="t.xml" timer="control"/>
                %s
                  </node>
                """.formatted(body)));
    }

    @Test
    void brokerNoneSwitchesMqttOff() {
        NodePlan n = LaunchLoader.load(file("    <mqtt broker=\"none\"/>"), Map.of()).nodes().get(0);
        assertThat(n.hasMqtt()).isFalse();
        assertThat(n.mqtt().enabled()).isFalse();
        assertThat(n.mqtt().source().line()).isEqualTo(6);
        assertThat(n.mqtt().telemetryTimer()).isNull();
    }

    @Test
    void mqttStaysOnByDefaultAndWithAnArgument() {
        assertThat(LaunchLoader.load(file(""), Map.of()).nodes().get(0).hasMqtt()).as("no <mqtt>").isTrue();
        Path f = write(dir, "arg.launch.xml", launch("""
                  <arg name="broker" default="embedded"/>
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <tree file="t.xml" timer="control"/>
                    <mqtt broker="$(var broker)"/>
                  </node>
                """));
        NodePlan on = LaunchLoader.load(f, Map.of()).nodes().get(0);
        assertThat(on.hasMqtt()).isTrue();
        assertThat(on.mqtt().embedded()).isTrue();
        assertThat(LaunchLoader.load(f, Map.of("broker", "none")).nodes().get(0).hasMqtt()).as("--arg broker=none").isFalse();
    }

    @Test
    void theOtherAttributesOfMqttAreRefusedWithBrokerNone() {
        assertThatThrownBy(() -> LaunchLoader.load(file("    <mqtt broker=\"none\" port=\"1884\" keepalive_s=\"10\"/>"), Map.of()))
                .isInstanceOf(LaunchException.class)
                .satisfies(e -> {
                    List<String> lines = ((LaunchException) e).errors();
                    assertThat(lines).hasSize(2);
                    assertThat(lines.get(0)).as("the column of the attribute, not the end of the tag").contains("n.launch.xml:6:25: <mqtt>")
                            .contains("attribute 'port' configures the MQTT connection, which broker=\"none\" switches off; remove it");
                    assertThat(lines.get(1)).contains("n.launch.xml:6:37: <mqtt>").contains("attribute 'keepalive_s'");
                });
    }

    @Test
    void aBrokerThatIsNotOneNamesNoneAmongTheChoices() {
        assertThatThrownBy(() -> LaunchLoader.load(file("    <mqtt broker=\"off\"/>"), Map.of()))
                .isInstanceOf(LaunchException.class)
                .hasMessageContaining("n.launch.xml:6:11: <mqtt>: attribute 'broker': \"off\" is not a broker")
                .hasMessageContaining("or none (no MQTT)");
    }

    @Test
    void everythingThatNeedsMqttIsRefusedOneLineEachAllAtOnce() {
        write(dir, "nodes.xml", """
                <root BTCPP_format="4"><TreeNodesModel>
                  <Action ID="Plan"><input_port name="goal"/></Action>
                </TreeNodesModel></root>
                """);
        write(dir, "claims.xml", """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main">
                    <Sequence>
                      <Claim resource="dock"/>
                      <Action ID="Release" resource="dock"/>
                    </Sequence>
                  </BehaviorTree>
                </root>
                """);
        Path f = write(dir, "all.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <timer name="telemetry" hz="2"/>
                    <palette file="nodes.xml"/>
                    <tree file="claims.xml" timer="control"/>
                    <mqtt broker="none"/>
                    <status hz="2"/>
                    <remote type="Plan" topic="plan"/>
                    <bind from="mqtt:cmd/stop" to="event:stop"/>
                    <bind from="event:done" to="mqtt:events/done"/>
                  </node>
                """));
        assertThatThrownBy(() -> LaunchLoader.load(f, Map.of()))
                .isInstanceOf(LaunchException.class)
                .satisfies(e -> {
                    List<String> lines = ((LaunchException) e).errors();
                    String off = "this node has no MQTT (<mqtt broker=\"none\"/> at line 8)";
                    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith(dir.resolve("all.launch.xml") + ":11:49: <bind>")
                            .contains("from=\"mqtt:cmd/stop\" needs MQTT; " + off).contains("remove this <bind>"));
                    assertThat(lines).anySatisfy(l -> assertThat(l).contains("all.launch.xml:12:52: <bind>")
                            .contains("to=\"mqtt:events/done\" needs MQTT"));
                    assertThat(lines).anySatisfy(l -> assertThat(l).contains("all.launch.xml:10:39: <remote>")
                            .contains("remote action 'Plan' runs on workers over MQTT").contains("remove this <remote>"));
                    assertThat(lines).anySatisfy(l -> assertThat(l).contains("all.launch.xml:5:37: <timer>")
                            .contains("a timer named 'telemetry' publishes the node's telemetry on MQTT").contains(off));
                    assertThat(lines).anySatisfy(l -> assertThat(l).contains("all.launch.xml:9:21: <status>")
                            .contains("<status> sets the rate of the status on MQTT"));
                    assertThat(lines).anySatisfy(l -> assertThat(l).contains("claims.xml:4:31: <Claim>: Claim claims a resource over MQTT")
                            .contains("all.launch.xml:8)").contains("remove it from the tree")
                            .contains("(named by " + dir.resolve("all.launch.xml") + ":7:46: <tree>)"));
                    assertThat(lines).anySatisfy(l -> assertThat(l).contains("claims.xml:5:45: <Action>: Release claims"));
                    assertThat(lines).allSatisfy(l -> assertThat(l).contains("remove broker=\"none\"").doesNotContain("\n"));
                    assertThat(lines).hasSize(7);
                });
    }
}
