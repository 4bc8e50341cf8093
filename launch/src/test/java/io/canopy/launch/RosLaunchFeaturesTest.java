package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.read.LaunchArgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ROS 2 launch features: {@code <set_env>}/{@code <unset_env>}, {@code <push_namespace>} and nested
 * {@code <group namespace>} with absolute, relative and private topics, {@code $(eval)}, {@code $(find-pkg-share)}
 * against a search path, {@code <param>} blocks of trees and machines, and the declared arguments.
 */
class RosLaunchFeaturesTest {
    @TempDir
    Path dir;

    @BeforeEach
    void companions() {
        write(dir, "t.xml", LaunchFiles.TREE);
        write(dir, "m.scxml", LaunchFiles.SCXML);
    }

    private LaunchPlan load(Path file, Map<String, String> args, Map<String, String> env, List<Path> path) {
        return LaunchLoader.load(file, args, env::get, path);
    }

    private static String topicOf(NodePlan n, int bind, boolean to) {
        BindPlan b = n.binds().get(bind);
        return ((Endpoint.Mqtt) (to ? b.to() : b.from())).topic();
    }

    @Test
    void pushNamespaceAndNestedGroupsResolveRelativePrivateAndAbsoluteTopics() {
        Path f = write(dir, "ns.launch.xml", launch("""
                  <group namespace="fleet">
                    <push_namespace namespace="site1"/>
                    <group namespace="robot1">
                      <node name="ctl">
                        <timer name="control" hz="10"/>
                        <bind from="mqtt:cmd/stop" to="event:stop"/>
                        <bind from="event:a" to="mqtt:~/status"/>
                        <bind from="event:b" to="mqtt:/global/alarm"/>
                      </node>
                    </group>
                    <node name="base" namespace="/other"><timer name="control" hz="10"/></node>
                  </group>
                  <node name="top"><timer name="control" hz="10"/></node>
                """));
        LaunchPlan plan = load(f, Map.of(), Map.of(), List.of());
        NodePlan ctl = plan.nodes().get(0);
        assertThat(ctl.fullName()).isEqualTo("fleet/site1/robot1/ctl");
        assertThat(topicOf(ctl, 0, false)).isEqualTo("fleet/site1/robot1/cmd/stop");
        assertThat(topicOf(ctl, 1, true)).isEqualTo("fleet/site1/robot1/ctl/status");
        assertThat(topicOf(ctl, 2, true)).isEqualTo("global/alarm");
        assertThat(plan.nodes().get(1).fullName()).isEqualTo("other/base"); // a leading '/' starts from the root
        assertThat(plan.nodes().get(2).fullName()).isEqualTo("top"); // the push ended with its group
    }

    @Test
    void setEnvIsSeenByEnvInTheRestOfItsScopeOnly() {
        Path f = write(dir, "env.launch.xml", launch("""
                  <set_env name="PORT_A" value="/dev/ttyA"/>
                  <group namespace="g">
                    <set_env name="PORT_A" value="/dev/ttyInner"/>
                    <unset_env name="HOME_X"/>
                    <let name="inner" value="$(env PORT_A)"/>
                    <let name="home" value="$(env HOME_X none)"/>
                    <node name="n1"><timer name="$(var home)" hz="1"/><serial name="s" port="$(var inner)"/></node>
                  </group>
                  <node name="n2"><timer name="c" hz="1"/><serial name="s" port="$(env PORT_A)"/></node>
                """));
        LaunchPlan plan = load(f, Map.of(), Map.of("HOME_X", "/home/x"), List.of());
        assertThat(plan.nodes().get(0).links().get(0).port()).isEqualTo("/dev/ttyInner");
        assertThat(plan.nodes().get(0).timers().get(0).name()).isEqualTo("none");
        assertThat(plan.nodes().get(1).links().get(0).port()).isEqualTo("/dev/ttyA");
    }

    @Test
    void evalComputesWithTheExpressionLanguage() {
        Path f = write(dir, "eval.launch.xml", launch("""
                  <arg name="rate" default="25"/>
                  <arg name="mode" default="sim"/>
                  <node name="n">
                    <timer name="control" hz="$(eval $(var rate) * 2)"/>
                    <timer name="slow" hz="$(eval (rate + 5) / 3)"/>
                    <serial name="sim" port="sim:diffdrive" if="$(eval '$(var mode)' == 'sim')"/>
                    <serial name="real" port="/dev/ttyUSB0" unless="$(eval &quot;mode == 'sim'&quot;)"/>
                  </node>
                """));
        NodePlan n = load(f, Map.of(), Map.of(), List.of()).nodes().get(0);
        assertThat(n.timers()).extracting(TimerPlan::hz).containsExactly(50.0, 10.0);
        assertThat(n.links()).extracting(SerialPlan::name).containsExactly("sim");
        NodePlan real = load(f, Map.of("mode", "real"), Map.of(), List.of()).nodes().get(0);
        assertThat(real.links()).extracting(SerialPlan::name).containsExactly("real");
    }

    @Test
    void aBadEvalIsOneLineWithWhereAndHowToFix() {
        Path f = write(dir, "bad.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="$(eval 2 * )"/>
                    <timer name="other" hz="$(evl 2)"/>
                  </node>
                """));
        LaunchException e = catchThrowableOfType(() -> load(f, Map.of(), Map.of(), List.of()), LaunchException.class);
        assertThat(e.errors()).hasSize(2);
        assertThat(e.errors().get(0)).contains("bad.launch.xml:4:").contains("<timer>: attribute 'hz': $(eval 2 *):")
                .contains("write an expression such as $(eval $(var rate) * 2)");
        assertThat(e.errors().get(1)).contains("unknown substitution \"$(evl 2)\"", "(did you mean 'eval'?)");
    }

    @Test
    void findPkgShareSearchesThePathList() throws Exception {
        Path share = Files.createDirectories(dir.resolve("ws/install/share/my_robot/launch"));
        write(share, "common.launch.xml", launch("<arg name=\"hz\" default=\"7\"/><node name=\"inc\"><timer name=\"c\" hz=\"$(var hz)\"/></node>"));
        Files.createDirectories(dir.resolve("other"));
        Path f = write(dir, "pkg.launch.xml", launch("""
                  <include file="$(find-pkg-share my_robot)/launch/common.launch.xml"/>
                """));
        LaunchPlan plan = load(f, Map.of(), Map.of(), List.of(dir.resolve("other"), dir.resolve("ws/install")));
        assertThat(plan.nodes().get(0).timers().get(0).hz()).isEqualTo(7.0);
        // CANOPY_PATH adds folders
        assertThat(load(f, Map.of(), Map.of("CANOPY_PATH", dir.resolve("ws/install").toString()), List.of()).nodes()).hasSize(1);
        LaunchException e = catchThrowableOfType(() -> load(f, Map.of(), Map.of(), List.of(dir.resolve("other"))),
                LaunchException.class);
        assertThat(e.errors()).singleElement().asString().contains("$(find-pkg-share my_robot): no folder 'my_robot' in the"
                + " search path (" + dir.resolve("other") + "); pass --path DIR");
    }

    @Test
    void paramsOfTreesAndMachinesAreCollected() {
        Path f = write(dir, "p.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="10"/>
                    <tree file="t.xml"><param name="speed" value="0.4"/><param name="goal" value="dock"/></tree>
                    <statemachine file="m.scxml"><param name="limit" value="$(eval 10 * 2)"/></statemachine>
                  </node>
                """));
        NodePlan n = load(f, Map.of(), Map.of(), List.of()).nodes().get(0);
        assertThat(n.trees().get(0).params()).containsExactly(Map.entry("speed", "0.4"), Map.entry("goal", "dock"));
        assertThat(n.machines().get(0).params()).containsExactly(Map.entry("limit", "20"));
        Path bad = write(dir, "pbad.launch.xml", launch("""
                  <node name="n"><timer name="control" hz="10"/>
                    <tree file="t.xml"><parm name="speed" value="1"/></tree>
                  </node>
                """));
        LaunchException e = catchThrowableOfType(() -> load(bad, Map.of(), Map.of(), List.of()), LaunchException.class);
        assertThat(e.errors()).singleElement().asString().contains("<parm>: unknown element <parm> inside <tree>; it holds only <param");
    }

    @Test
    void theDeclaredArgumentsAreListedWithDefaultAndDescription() {
        Path f = write(dir, "a.launch.xml", launch("""
                  <arg name="robot" default="robot1" description="MQTT namespace"/>
                  <group namespace="x"><arg name="port"/></group>
                """));
        String text = LaunchArgs.describe(LaunchArgs.of(f));
        assertThat(text).isEqualTo("""
                Arguments (pass arguments as '--arg NAME=VALUE'):

                    'robot':
                        MQTT namespace
                        (default: 'robot1')

                    'port':
                        no description given
                        (required)
                """);
    }

    @Test
    void aDeeplyNestedEvalIsAnErrorLineNotACrash() {
        String deep = "(".repeat(20_000) + "1" + ")".repeat(20_000);
        Path f = write(dir, "deep.launch.xml", launch("<node name=\"n\"><timer name=\"c\" hz=\"$(eval " + deep + ")\"/></node>"));
        LaunchException e = catchThrowableOfType(() -> load(f, Map.of(), Map.of(), List.of()), LaunchException.class);
        assertThat(e.errors()).singleElement().asString().contains("deep.launch.xml:3:").contains("<timer>: attribute 'hz': $(eval ((((")
                .hasSizeLessThan(1000); // the expression is shortened, the line stays readable
    }
}
