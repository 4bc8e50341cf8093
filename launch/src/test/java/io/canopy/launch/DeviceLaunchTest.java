package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.launch.plan.DevicePlans;
import io.canopy.launch.plan.DynamixelPlan;
import io.canopy.launch.plan.MavlinkPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.RawLinkPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.ServoPlan;
import io.canopy.launch.read.FileCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <udp>}, {@code <mavlink>} and {@code <dynamixel>}: what they become, and every mistake reported at once. */
class DeviceLaunchTest {
    @TempDir
    Path dir;

    private List<String> errors(String body) {
        write(dir, "t.xml", LaunchFiles.TREE);
        Path f = write(dir, "dev.launch.xml", launch(body));
        LaunchException e = catchThrowableOfType(LaunchException.class, () -> LaunchLoader.load(f, Map.of(), k -> null));
        assertThat(e).as("loading must fail").isNotNull();
        return e.errors();
    }

    private NodePlan node(String body) {
        write(dir, "t.xml", LaunchFiles.TREE);
        Path f = write(dir, "ok.launch.xml", launch(body));
        return LaunchLoader.load(f, Map.of(), k -> null).nodes().get(0);
    }

    @Test
    void devicesClaimTheirLinksAndTakeTheFirstTimerByDefault() {
        NodePlan n = node("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <timer name="slow" hz="5"/>
                    <serial name="base" port="/dev/ttyUSB0"/>
                    <serial name="servos" port="/dev/ttyUSB1" baud="1000000"/>
                    <udp name="fc" local="127.0.0.1:14550" remote="127.0.0.1:14555"/>
                    <motor name="left" link="base" id="0"/>
                    <mavlink link="fc" system="2" failsafe="land"/>
                    <dynamixel name="arm" link="servos" timer="slow" mode="velocity" failsafe="zero_velocity">
                      <servo id="1" name="shoulder" model="XM430-W350"/>
                      <servo id="12" name="wrist" model="xl330-M288"/>
                    </dynamixel>
                  </node>
                """);
        assertThat(n.links()).extracting(SerialPlan::name).as("a claimed serial is no Canopy link").containsExactly("base");
        DevicePlans d = n.devices();
        assertThat(d.links()).extracting(RawLinkPlan::name).containsExactlyInAnyOrder("fc", "servos");
        assertThat(d.link("fc").udp()).isTrue();
        assertThat(d.link("fc").describe()).isEqualTo("udp 127.0.0.1:14550 -> 127.0.0.1:14555");
        assertThat(d.link("servos").describe()).isEqualTo("serial /dev/ttyUSB1 @ 1000000");
        MavlinkPlan v = d.vehicles().get(0);
        assertThat(v.name()).isEqualTo("mavlink");
        assertThat(v.timer()).isEqualTo("control");
        assertThat(v.system()).isEqualTo(2);
        assertThat(v.failsafe()).isEqualTo("land");
        assertThat(v.setpointPeriodMs()).isEqualTo(100);
        DynamixelPlan b = d.buses().get(0);
        assertThat(b.timer()).isEqualTo("slow");
        assertThat(b.mode()).isEqualTo("velocity");
        assertThat(b.servos()).extracting(ServoPlan::id).containsExactly(1, 12);
        assertThat(b.servos()).extracting(ServoPlan::name).containsExactly("shoulder", "wrist");
    }

    @Test
    void eepromIsWriteByDefaultOrKeepAndAnythingElseIsOneLineWithFileLineAndColumn() {
        List<DynamixelPlan> buses = node("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <serial name="a" port="/dev/ttyUSB0"/>
                    <serial name="b" port="/dev/ttyUSB1"/>
                    <dynamixel name="arm" link="a"><servo id="1" name="elbow"/></dynamixel>
                    <dynamixel name="leg" link="b" eeprom="keep"><servo id="1" name="knee"/></dynamixel>
                  </node>
                """).devices().buses();
        assertThat(buses).extracting(DynamixelPlan::eeprom).containsExactly("write", "keep");
        assertThat(buses).extracting(DynamixelPlan::eepromWrites).containsExactly(true, false);

        List<String> errs = errors("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <serial name="a" port="/dev/ttyUSB0"/>
                    <dynamixel name="arm" link="a" eeprom="never"><servo id="1" name="elbow"/></dynamixel>
                  </node>
                """);
        assertThat(errs).hasSize(1);
        assertThat(errs.get(0)).matches(".*/dev\\.launch\\.xml:6:\\d+: <dynamixel>: attribute 'eeprom': \"never\" is not allowed;"
                + " write one of write, keep");
    }

    @Test
    void validateChecksTheVehicleBusAndServoNamesOfTheTreesNodes() {
        write(dir, "arm.xml", """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main"><Sequence>
                    <MavArm/>
                    <DxlMoveTo servo="elbow" position="0.5"/>
                    <MavArm vehicle="fc9"/>
                  </Sequence></BehaviorTree>
                </root>
                """);
        write(dir, "servo.xml", """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main"><DxlMoveTo servo="elbw" position="0.5"/></BehaviorTree>
                </root>
                """);
        Path f = write(dir, "v.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <serial name="servos" port="/dev/ttyUSB1"/>
                    <udp name="fc" local="127.0.0.1:14550"/>
                    <mavlink name="copter" link="fc"/>
                    <dynamixel name="arm" link="servos"><servo id="1" name="elbow"/></dynamixel>
                    <tree file="arm.xml"/>
                    <tree file="servo.xml"/>
                  </node>
                """));
        List<String> errs = FileCheck.check(f, Map.of());
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("MavArm", "no MAVLink vehicle 'fc9'", "copter"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("DxlMoveTo", "no servo 'elbw'", "did you mean 'elbow'"));
        assertThat(errs).hasSize(2);
        assertThat(FileCheck.check(dir.resolve("arm.xml"), Map.of())).as("the tree file on its own: no devices to check against")
                .isEmpty();
    }

    @Test
    void everyDeviceMistakeIsReportedAtOnceWithFileLineColumnElementAndAFix() {
        List<String> errs = errors("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <serial name="fc" port="/dev/ttyACM0" baud="57600"/>
                    <udp name="radio" local="localhost"/>
                    <udp name="sitl" local="127.0.0.1:14550"/>
                    <motor name="left" link="fc" id="0"/>
                    <mavlink name="my-fc" link="fc" failsafe="panic" colour="red"/>
                    <mavlink name="fc2" link="flightctl" timer="contrl"/>
                    <dynamixel name="arm" link="sitl">
                      <servo id="1" name="shoulder"/>
                    </dynamixel>
                    <dynamixel name="leg" link="legs" failsafe="zero_velocity">
                      <servo id="3" name="hip"/>
                      <servo id="3" name="knee"/>
                      <servo id="300" name="ankle"/>
                      <servo id="4" name="toe" model="AX-12A"/>
                      <motor name="m"/>
                    </dynamixel>
                    <dynamixel name="empty" link="legs2"/>
                    <mavlink name="autopilot" link="fc"/>
                  </node>
                """);
        for (String line : errs) {
            assertThat(line).matches(".*/dev\\.launch\\.xml:\\d+:\\d+: <\\w+>: .+").doesNotContain("\n");
        }
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":6:", "<udp>", "\"localhost\" is not HOST:PORT", "127.0.0.1:14550"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":9:", "<mavlink>", "\"my-fc\" is not an identifier"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("<mavlink>", "'failsafe'", "hold, land"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("<mavlink>", "unknown attribute 'colour'"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":10:", "no <serial> or <udp> named 'flightctl'",
                "<udp name=\"flightctl\""));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":10:", "no <timer> named 'contrl'", "did you mean 'control'"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":11:", "<dynamixel>", "link 'sitl' is UDP", "half-duplex serial"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":18:", "<servo>", "\"AX-12A\" is not an X-series servo"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":14:", "<dynamixel>", "zero_velocity\" needs mode=\"velocity\""));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":16:", "<servo>", "servo id 3 is already used at line 15"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":17:", "<servo>", "300 is out of range"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":19:", "unknown element <motor> inside <dynamixel>"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":21:", "<dynamixel>", "no servos"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":7:", "<udp>", "no <mavlink> uses this link"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains(":8:", "<motor>", "link 'fc' carries MAVLink", "line 22"));
        assertThat(errs).noneSatisfy(l -> assertThat(l).contains("<motor>", "no <serial> named 'fc'"));
    }
}
