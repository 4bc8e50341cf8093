package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.InputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchLoaderErrorsTest {
    @TempDir
    Path dir;

    @BeforeEach
    void companions() {
        write(dir, "t.xml", LaunchFiles.TREE);
    }

    private List<String> errors(Path f, Map<String, String> args) {
        LaunchException e = catchThrowableOfType(LaunchException.class, () -> LaunchLoader.load(f, args, k -> null));
        assertThat(e).as("loading %s must fail", f).isNotNull();
        assertThat(e).isInstanceOf(InputException.class);
        assertThat(e.getMessage()).isEqualTo(String.join("\n", e.errors()));
        return e.errors();
    }

    private List<String> errors(String name, String body) {
        return errors(write(dir, name, launch(body)), Map.of());
    }

    @Test
    void everyErrorOfAFileIsReportedAtOnceEachOnOneLineWithFileLineColumnAndElement() {
        List<String> errs = errors("many.launch.xml", """
                  <node name="n">
                    <timer name="control" hz="fast"/>
                    <serial name="base" port="/dev/ttyUSB0" baud="lots" parity="maybe"/>
                    <tree file="missing.xml" timer="control"/>
                    <motor name="left" link="base" id="-1"/>
                    <sensr name="x"/>
                    <statemachine file="t.xml" timer="contrl" colour="red"/>
                  </node>
                """);
        assertThat(errs).hasSize(8);
        for (String line : errs) {
            assertThat(line).matches(".*/many\\.launch\\.xml:\\d+:\\d+: <\\w+>: .+").doesNotContain("\n");
        }
        assertThat(errs.get(0)).contains("/many.launch.xml:4:").contains("<timer>", "'hz'", "\"fast\" is not a number");
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("/many.launch.xml:5:").contains("<serial>", "\"lots\" is not a whole number"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("<serial>", "'parity'", "none, even, odd, mark, space"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("/many.launch.xml:6:").contains("<tree>", "\"missing.xml\" not found"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("<motor>", "-1 is out of range"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("unknown element <sensr>", "did you mean 'sensor'"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("<statemachine>", "unknown attribute 'colour'"));
        assertThat(errs).anySatisfy(l -> assertThat(l).contains("<statemachine>", "no <timer> named 'contrl'", "did you mean 'control'"));
    }

    @Test
    void aTruncatedFileIsOneMalformedXmlErrorWithItsPosition() {
        Path f = write(dir, "cut.launch.xml", "<launch>\n  <node name=\"n\">\n    <timer name=\"t\" hz=");
        List<String> errs = errors(f, Map.of());
        assertThat(errs).hasSize(1);
        assertThat(errs.get(0)).matches(".*/cut\\.launch\\.xml:3:\\d+: malformed XML: .+");
    }

    @Test
    void aDoctypeIsRefusedSoExternalEntitiesCannotBeRead() {
        Path secret = write(dir, "secret.txt", "TOP-SECRET");
        Path f = write(dir, "xxe.launch.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE launch [<!ENTITY x SYSTEM \""
                + secret.toUri() + "\">]>\n<launch><node name=\"&x;\"/></launch>\n");
        List<String> errs = errors(f, Map.of());
        assertThat(errs).hasSize(1);
        assertThat(errs.get(0)).contains("xxe.launch.xml:2:", "DOCTYPE declarations are not allowed").doesNotContain("TOP-SECRET");
    }

    @Test
    void textInsideElementsIsRejected() {
        List<String> errs = errors(write(dir, "txt.launch.xml", "<launch><node name=\"n\">oops</node></launch>"), Map.of());
        assertThat(errs.get(0)).contains("unexpected text 'oops' inside <node>");
    }

    @Test
    void theRootMustBeLaunch() {
        assertThat(errors(write(dir, "r.launch.xml", "<root/>"), Map.of()).get(0)).contains("the root element must be <launch>, not <root>");
    }

    @Test
    void aMissingLaunchFileIsOneLine() {
        assertThat(errors(dir.resolve("nope.launch.xml"), Map.of()).get(0)).contains("nope.launch.xml: file not found");
    }

    @Test
    void aMissingIncludeNamesTheIncludeElement() {
        List<String> errs = errors("inc.launch.xml", "  <include file=\"gone.launch.xml\"/>");
        assertThat(errs).hasSize(1);
        assertThat(errs.get(0)).contains("/inc.launch.xml:3:").contains("<include>", "\"gone.launch.xml\" not found");
    }

    @Test
    void recursiveIncludesAreReportedWithTheChain() {
        write(dir, "b.launch.xml", launch("  <include file=\"a.launch.xml\"/>"));
        Path a = write(dir, "a.launch.xml", launch("  <include file=\"b.launch.xml\"/>"));
        List<String> errs = errors(a, Map.of());
        assertThat(errs).hasSize(1);
        assertThat(errs.get(0)).contains("b.launch.xml:3:", "<include>", "recursive include:", "a.launch.xml -> ", "b.launch.xml -> ");
    }

    @Test
    void errorsInsideAnIncludedFileNameThatFile() {
        write(dir, "child.launch.xml", launch("  <node name=\"n\"><timer name=\"t\" hz=\"0\"/></node>"));
        List<String> errs = errors("parent.launch.xml", "  <include file=\"child.launch.xml\"><arg name=\"nosuch\" value=\"1\"/></include>");
        assertThat(errs).hasSize(2);
        assertThat(errs.get(0)).contains("/child.launch.xml:3:").contains("<timer>", "0 is out of range");
        assertThat(errs.get(1)).contains("/parent.launch.xml:3:").contains("<arg>", "declares no argument 'nosuch'");
    }

    @Test
    void aMalformedIncludedFileSaysWhereItWasIncludedFrom() {
        write(dir, "broken.launch.xml", "<launch><node></launch>");
        List<String> errs = errors("p.launch.xml", "  <include file=\"broken.launch.xml\"/>");
        assertThat(errs.get(0)).contains("/broken.launch.xml:1:").contains("malformed XML", "included from /", "p.launch.xml:3:");
    }

    @Test
    void argumentsMustBeKnownAndHaveAValue() {
        Path f = write(dir, "args.launch.xml", launch("""
                  <arg name="robot"/>
                  <arg name="rate" default="10"/>
                  <node name="$(var robt)"><timer name="t" hz="$(var rate)"/></node>
                """));
        List<String> errs = errors(f, Map.of("rat", "5"));
        assertThat(errs).hasSize(3);
        assertThat(errs.get(0)).contains("<arg>", "argument 'robot' has no default and no value; pass --arg robot=VALUE");
        assertThat(errs.get(1)).contains("<node>", "$(var robt): no argument 'robt'");
        assertThat(errs.get(2)).startsWith("--arg rat:").contains("declares no argument 'rat'", "did you mean 'rate'");
    }

    @Test
    void anUnsetEnvironmentVariableWithoutDefaultIsAnError() {
        List<String> errs = errors("env.launch.xml", "  <node name=\"n\"><mqtt password=\"$(env NO_SUCH_SECRET)\"/></node>");
        assertThat(errs.get(0)).contains("<mqtt>", "environment variable NO_SUCH_SECRET is not set");
    }

    @Test
    void conditionsMustBeBooleans() {
        List<String> errs = errors("c.launch.xml", "  <node name=\"n\" if=\"yes please\"/>");
        assertThat(errs.get(0)).contains("<node>", "'if'", "\"yes please\" is not a boolean");
    }

    @Test
    void duplicateNamesAreReported() {
        List<String> errs = errors("dup.launch.xml", """
                  <node name="n"><timer name="t" hz="1"/><timer name="t" hz="2"/></node>
                  <node name="m"><timer name="t" hz="1"/></node>
                  <node name="m"><timer name="t" hz="1"/></node>
                """);
        assertThat(errs).hasSize(2);
        assertThat(errs.get(0)).contains("<timer>", "a timer named 't' is already declared");
        assertThat(errs.get(1)).contains("<node>", "a node named 'm' is already declared");
    }

    @Test
    void badBindingsSayWhatIsAllowed() {
        List<String> errs = errors("bind.launch.xml", """
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <serial name="base" port="sim:diffdrive"/>
                    <motor name="left" id="0"/>
                    <bind from="mqtt:cmd/go" to="motor:left"/>
                    <bind from="serial:bse/RangeReading" to="blackboard:r"/>
                    <bind from="serial:base/RangeReading.rnge_m" to="blackboard:r"/>
                    <bind from="serial:base/RangeReading.range_m" to="mqtt:range"/>
                    <bind from="serial:base/Sonar" to="event:r"/>
                    <bind from="mqtt:cmd/x" to="mqtt:out/#"/>
                    <bind from="topic:x" to="event:x"/>
                    <bind from="event:x" to="blackboard:y" timer="control"/>
                    <bind from="blackboard:y" to="motor:left.torque"/>
                    <bind from="event:x"/>
                  </node>
                """);
        assertThat(errs).hasSize(10);
        assertThat(errs.get(0)).contains("cannot bind mqtt:cmd/go to motor:left; mqtt: can go to event: or blackboard:");
        assertThat(errs.get(1)).contains("no <serial> named 'bse'", "did you mean 'base'");
        assertThat(errs.get(2)).contains("RangeReading has no field 'rnge_m'", "did you mean 'range_m'");
        assertThat(errs.get(3)).contains("a field (.range_m) applies only when the target is blackboard:KEY or event:NAME");
        assertThat(errs.get(4)).contains("no message type 'Sonar'");
        assertThat(errs.get(5)).contains("no wildcards");
        assertThat(errs.get(6)).contains("has no known kind");
        assertThat(errs.get(7)).contains("cannot bind event:x to blackboard:y");
        assertThat(errs.get(8)).contains("velocity, position or effort");
        assertThat(errs.get(9)).contains("missing attribute 'to'");
        errs.forEach(l -> assertThat(l).matches(".*/bind\\.launch\\.xml:\\d+:\\d+: <bind>: .+"));
    }

    @Test
    void tlsOnTheEmbeddedBrokerAndUnknownSimulatorsAreRefused() {
        List<String> errs = errors("x.launch.xml", """
                  <node name="n">
                    <mqtt tls="true"/>
                    <serial name="s" port="sim:hexapod"/>
                    <serial name="r" port="/dev/ttyUSB0"><param name="a" value="1"/></serial>
                  </node>
                  <node name="m"><mqtt broker="localhost:1883"/><mqtt/></node>
                """);
        assertThat(errs).hasSize(5);
        assertThat(errs.get(0)).contains("TLS needs an external broker");
        assertThat(errs.get(1)).contains("unknown simulator \"sim:hexapod\"");
        assertThat(errs.get(2)).contains("a real port (\"/dev/ttyUSB0\") takes none");
        assertThat(errs.get(3)).contains("\"localhost:1883\" is not a broker");
        assertThat(errs.get(4)).contains("at most one <mqtt>");
    }

    @Test
    void badBrokerLimitsNameTheAttributeAndTheFix() {
        List<String> errs = errors("lim.launch.xml", """
                  <node name="a"><mqtt max_message_kb="0"/></node>
                  <node name="b"><mqtt max_message_kb="lots" client_rate="-5"/></node>
                  <node name="c"><mqtt broker="tcp://h:1883" client_rate="100"/></node>
                """);
        assertThat(errs).hasSize(4);
        errs.forEach(l -> assertThat(l).matches(".*/lim\\.launch\\.xml:\\d+:\\d+: <mqtt>: .+"));
        assertThat(errs.get(0)).contains("attribute 'max_message_kb': 0 is out of range; write kilobytes from 1 to 262144");
        assertThat(errs.get(1)).contains("attribute 'max_message_kb': \"lots\" is not a whole number");
        assertThat(errs.get(2)).contains("attribute 'client_rate': -5 is out of range",
                "publishes per second per client from 1");
        assertThat(errs.get(3)).contains("'client_rate' limits the embedded broker's clients",
                "drop client_rate or set broker=\"embedded\"");
    }

    @Test
    void aTreeOrMachineNeedsATimerWhenTheNodeHasSeveral() {
        List<String> errs = errors("tm.launch.xml", """
                  <node name="n"><timer name="a" hz="1"/><timer name="b" hz="1"/><tree file="t.xml"/></node>
                """);
        assertThat(errs).singleElement().asString().contains("<tree>", "missing attribute 'timer'");
    }
}
