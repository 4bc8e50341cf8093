package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MqttPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.plan.TreePlan;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchLoaderTest {
    @TempDir
    Path dir;

    private static final Map<String, String> ENV = Map.of("MQTT_PASSWORD", "s3cret", "CANOPY_PORT", "/dev/ttyACM3");

    @BeforeEach
    void companions() {
        write(dir, "trees/patrol.xml", LaunchFiles.TREE);
        write(dir, "mission.scxml", LaunchFiles.SCXML);
    }

    private LaunchPlan load(Path file, Map<String, String> args) {
        return LaunchLoader.load(file, args, ENV::get);
    }

    @Test
    void aCompleteNodeIsResolvedWithDefaultsSubstitutionsAndAbsolutePaths() {
        Path f = write(dir, "robot.launch.xml", launch("""
                  <arg name="robot" default="robot1" description="MQTT namespace"/>
                  <arg name="rate" default="100"/>
                  <group namespace="$(var robot)">
                    <node name="controller">
                      <timer name="control" hz="$(var rate)"/>
                      <timer name="telemetry" hz="2"/>
                      <tree file="trees/patrol.xml" main="Main" timer="control" seed="7"/>
                      <statemachine name="mission" file="mission.scxml" timer="control"/>
                      <serial name="base" port="sim:diffdrive" baud="1000000">
                        <param name="battery_drain_scale" value="2.5"/>
                      </serial>
                      <motor name="left" link="base" id="0" timeout_ms="300"/>
                      <motor name="right" id="1"/>
                      <sensor name="front" type="RangeReading" id="0"/>
                      <mqtt user="robot" password="$(env MQTT_PASSWORD)"/>
                      <bind from="sensor:front.range_m" to="blackboard:front_range"/>
                      <bind from="mqtt:cmd/stop" to="event:stop"/>
                      <bind from="event:arrived" to="mqtt:events/arrived"/>
                      <bind from="blackboard:left_speed" to="motor:left"/>
                      <bind from="blackboard:battery" to="mqtt:~/battery" timer="telemetry"/>
                    </node>
                  </group>
                """));
        LaunchPlan plan = load(f, Map.of("rate", "200"));

        assertThat(plan.args()).containsEntry("robot", "robot1").containsEntry("rate", "200");
        assertThat(plan.nodes()).hasSize(1);
        NodePlan n = plan.nodes().get(0);
        assertThat(n.fullName()).isEqualTo("robot1/controller");
        assertThat(n.stateTopic()).isEqualTo("robot1/controller/state");
        assertThat(n.timers()).extracting(TimerPlan::name).containsExactly("control", "telemetry");
        assertThat(n.timer("control").periodNs()).isEqualTo(5_000_000L);
        TreePlan tree = n.trees().get(0);
        assertThat(tree.name()).isEqualTo("Main");
        assertThat(tree.file()).isEqualTo(dir.resolve("trees/patrol.xml").toAbsolutePath().normalize());
        assertThat(tree.seed()).isEqualTo(7);
        assertThat(tree.restart()).isTrue();
        assertThat(n.machines().get(0).file()).isEqualTo(dir.resolve("mission.scxml").toAbsolutePath().normalize());
        SerialPlan base = n.link("base");
        assertThat(base.simulated()).isTrue();
        assertThat(base.simModel()).isEqualTo("diffdrive");
        assertThat(base.baud()).isEqualTo(1_000_000);
        assertThat(base.params()).containsEntry("battery_drain_scale", "2.5");
        assertThat(n.motor("left").timeoutMs()).isEqualTo(300);
        assertThat(n.motor("right").link()).isEqualTo("base");
        assertThat(n.motor("right").timeoutMs()).isEqualTo(250);
        assertThat(n.sensors().get(0).messageType()).isEqualTo("RangeReading");
        assertThat(n.mqtt().embedded()).isTrue();
        assertThat(n.mqtt().connectUrl()).isEqualTo("tcp://127.0.0.1:1883");
        assertThat(n.mqtt().password()).isEqualTo("s3cret");
        assertThat(n.mqtt().toString()).doesNotContain("s3cret");
        assertThat(n.mqtt().telemetryTimer()).isEqualTo("telemetry");

        assertThat(n.binds()).hasSize(5);
        assertThat(n.binds().get(0).from()).isEqualTo(new Endpoint.Message("sensor:front.range_m", "base", "RangeReading", 0, "range_m"));
        assertThat(n.binds().get(0).to()).isEqualTo(new Endpoint.Blackboard("blackboard:front_range", "front_range"));
        assertThat(n.binds().get(1).from()).isEqualTo(new Endpoint.Mqtt("mqtt:cmd/stop", "robot1/cmd/stop"));
        assertThat(n.binds().get(1).qos()).isEqualTo(1);
        assertThat(n.binds().get(2).to()).isEqualTo(new Endpoint.Mqtt("mqtt:events/arrived", "robot1/events/arrived"));
        assertThat(n.binds().get(3).to()).isEqualTo(new Endpoint.Motor("motor:left", "left", "velocity"));
        assertThat(n.binds().get(3).timer()).as("motor commands refresh on the first timer").isEqualTo("control");
        assertThat(n.binds().get(4).to()).isEqualTo(new Endpoint.Mqtt("mqtt:~/battery", "robot1/controller/battery"));
        assertThat(n.binds().get(4).timer()).isEqualTo("telemetry");
    }

    @Test
    void environmentDefaultsApplyOnlyWhenTheVariableIsUnset() {
        Path f = write(dir, "env.launch.xml", launch("""
                  <node name="n">
                    <timer name="t" hz="10"/>
                    <serial name="a" port="$(env CANOPY_PORT /dev/ttyUSB0)"/>
                    <serial name="b" port="$(env NOT_SET_ANYWHERE '/dev/tty USB9')"/>
                  </node>
                """));
        NodePlan n = load(f, Map.of()).nodes().get(0);
        assertThat(n.link("a").port()).isEqualTo("/dev/ttyACM3");
        assertThat(n.link("b").port()).isEqualTo("/dev/tty USB9");
        assertThat(n.link("a").simulated()).isFalse();
    }

    @Test
    void ifAndUnlessSwitchElementsOffAtEveryLevel() {
        Path f = write(dir, "cond.launch.xml", launch("""
                  <arg name="sim" default="true"/>
                  <arg name="extra" default="false"/>
                  <node name="n">
                    <timer name="t" hz="10"/>
                    <serial name="base" port="sim:diffdrive" if="$(var sim)"/>
                    <serial name="base" port="/dev/ttyUSB0" unless="$(var sim)"/>
                    <timer name="extra" hz="1" if="$(var extra)"/>
                  </node>
                  <node name="second" if="$(var extra)"><timer name="t" hz="1"/></node>
                  <group if="false"><node name="never"/></group>
                """));
        LaunchPlan simPlan = load(f, Map.of());
        assertThat(simPlan.nodes()).extracting(NodePlan::name).containsExactly("n");
        assertThat(simPlan.nodes().get(0).link("base").port()).isEqualTo("sim:diffdrive");
        assertThat(simPlan.nodes().get(0).timers()).hasSize(1);

        LaunchPlan realPlan = load(f, Map.of("sim", "false", "extra", "1"));
        assertThat(realPlan.nodes()).extracting(NodePlan::name).containsExactly("n", "second");
        assertThat(realPlan.nodes().get(0).link("base").port()).isEqualTo("/dev/ttyUSB0");
        assertThat(realPlan.nodes().get(0).timers()).extracting(TimerPlan::name).containsExactly("t", "extra");
    }

    @Test
    void groupsNestNamespacesAndScopeTheirArguments() {
        Path f = write(dir, "ns.launch.xml", launch("""
                  <let name="who" value="outer"/>
                  <group namespace="fleet">
                    <let name="who" value="inner"/>
                    <group namespace="r1"><node name="$(var who)"><timer name="t" hz="1"/></node></group>
                    <node name="abs" namespace="/top"><timer name="t" hz="1"/></node>
                  </group>
                  <node name="$(var who)"><timer name="t" hz="1"/></node>
                """));
        assertThat(load(f, Map.of()).nodes()).extracting(NodePlan::fullName)
                .containsExactly("fleet/r1/inner", "top/abs", "outer");
    }

    @Test
    void anIncludedFileGetsItsArgumentsFromTheIncludeAndItsPathsFromItsOwnFolder() {
        write(dir, "sub/trees/t.xml", LaunchFiles.TREE);
        write(dir, "sub/robot.launch.xml", launch("""
                  <arg name="robot"/>
                  <arg name="hz" default="50"/>
                  <group namespace="$(var robot)">
                    <node name="ctl">
                      <timer name="control" hz="$(var hz)"/>
                      <tree file="trees/t.xml"/>
                    </node>
                  </group>
                """));
        Path f = write(dir, "fleet.launch.xml", launch("""
                  <include file="sub/robot.launch.xml"><arg name="robot" value="r1"/></include>
                  <include file="sub/robot.launch.xml"><arg name="robot" value="r2"/><arg name="hz" value="20"/></include>
                """));
        LaunchPlan plan = load(f, Map.of());
        assertThat(plan.nodes()).extracting(NodePlan::fullName).containsExactly("r1/ctl", "r2/ctl");
        assertThat(plan.nodes().get(0).timer("control").hz()).isEqualTo(50.0);
        assertThat(plan.nodes().get(1).timer("control").hz()).isEqualTo(20.0);
        assertThat(plan.nodes().get(0).trees().get(0).file()).isEqualTo(dir.resolve("sub/trees/t.xml").toAbsolutePath().normalize());
        assertThat(plan.nodes().get(0).trees().get(0).timer()).as("the only timer is the default").isEqualTo("control");
    }

    @Test
    void dirnameIsTheFolderOfTheFileBeingRead() {
        Path f = write(dir, "d.launch.xml", launch("""
                  <node name="n"><timer name="t" hz="1"/><tree file="$(dirname)/trees/patrol.xml"/></node>
                """));
        assertThat(load(f, Map.of()).nodes().get(0).trees().get(0).file())
                .isEqualTo(dir.resolve("trees/patrol.xml").toAbsolutePath().normalize());
    }

    @Test
    void anExternalBrokerUrlGetsItsDefaultPortAndTlsFromTheScheme() {
        write(dir, "ca.crt", "x");
        Path f = write(dir, "m.launch.xml", launch("""
                  <node name="a"><mqtt broker="tcp://broker.local"/></node>
                  <node name="b"><mqtt broker="ssl://10.0.0.2" ca_file="ca.crt" user="u"/></node>
                  <node name="c"><mqtt broker="mqtt://h:1999" tls="true"/></node>
                """));
        LaunchPlan plan = load(f, Map.of());
        assertThat(plan.nodes().get(0).mqtt().connectUrl()).isEqualTo("tcp://broker.local:1883");
        assertThat(plan.nodes().get(0).mqtt().embedded()).isFalse();
        assertThat(plan.nodes().get(1).mqtt().connectUrl()).isEqualTo("ssl://10.0.0.2:8883");
        assertThat(plan.nodes().get(1).mqtt().tls()).isTrue();
        assertThat(plan.nodes().get(1).mqtt().caFile()).isEqualTo(dir.resolve("ca.crt").toAbsolutePath().normalize());
        assertThat(plan.nodes().get(2).mqtt().connectUrl()).isEqualTo("ssl://h:1999");
        assertThat(plan.nodes().get(0).mqtt().telemetryTimer()).isNull();
    }

    @Test
    void aNodeWithoutMqttUsesTheEmbeddedBroker() {
        Path f = write(dir, "e.launch.xml", launch("<node name=\"n\"><timer name=\"telemetry\" hz=\"1\"/></node>"));
        MqttPlan m = load(f, Map.of()).nodes().get(0).mqtt();
        assertThat(m.embedded()).isTrue();
        assertThat(m.port()).isEqualTo(1883);
        assertThat(m.telemetryTimer()).isEqualTo("telemetry");
        assertThat(m.maxMessageKb()).as("default").isEqualTo(256);
        assertThat(m.clientRate()).as("default").isEqualTo(MqttPlan.DEFAULT_CLIENT_RATE);
    }

    @Test
    void theEmbeddedBrokersMessageSizeAndClientRateAreSettings() {
        Path f = write(dir, "lim.launch.xml", launch("""
                  <node name="n"><mqtt max_message_kb="64" client_rate="2000"/></node>
                  <node name="x"><mqtt broker="tcp://broker.local" max_message_kb="1024"/></node>
                """));
        LaunchPlan plan = load(f, Map.of());
        assertThat(plan.nodes().get(0).mqtt().maxMessageKb()).isEqualTo(64);
        assertThat(plan.nodes().get(0).mqtt().clientRate()).isEqualTo(2000);
        assertThat(plan.nodes().get(1).mqtt().maxMessageKb()).as("the node's own client refuses larger ones")
                .isEqualTo(1024);
        assertThat(plan.nodes().get(0).mqtt().withLogin("u", "p", null).maxMessageKb()).as("kept by withLogin")
                .isEqualTo(64);
    }

    @Test
    void parseArgSplitsAtTheFirstEquals() {
        assertThat(LaunchLoader.parseArg("robot=r=2")).isEqualTo(Map.entry("robot", "r=2"));
        assertThat(LaunchLoader.parseArg("empty=")).isEqualTo(Map.entry("empty", ""));
    }
}
