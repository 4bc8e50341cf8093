package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code canopy validate} of a launch file with errors of its own also checks the trees and machines it names:
 * every error at once, each one line with file:line:column, element and fix, those of named files saying
 * which element named them.
 */
class ValidateEveryErrorTest {
    @Test
    void launchErrorsAndTheNamedFilesErrorsComeTogether(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t1.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main"><Sequence><NoSuchNode/><AlwaysSuccess bogus="1"/></Sequence></BehaviorTree>
                </root>
                """);
        Files.writeString(dir.resolve("t2.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main"><BehaviorTree ID="Main"><Fallbak/></BehaviorTree></root>
                """);
        Files.writeString(dir.resolve("m.scxml"),
                "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"nope\"><state id=\"a\"/></scxml>\n");
        Path f = Files.writeString(dir.resolve("bad.launch.xml"), """
                <launch>
                  <node name="n">
                    <timer name="control" hz="fast"/>
                    <tree file="t1.xml" timer="control"/>
                    <tree file="t2.xml" timer="control"/>
                    <statemachine file="m.scxml" timer="control"/>
                    <sensr name="x"/>
                  </node>
                </launch>
                """);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("validate", f.toString())).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        List<String> lines = err.toString().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("bad.launch.xml:3:").contains("<timer>: attribute 'hz': \"fast\""));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("bad.launch.xml:7:").contains("unknown element <sensr>"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("m.scxml:1:").contains("'nope'")
                .contains("(named by ").contains("bad.launch.xml:6:"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("t1.xml:2:").contains("NoSuchNode").contains("(named by "));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("t1.xml:2:").contains("bogus").contains("(named by "));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("t2.xml:1:").contains("Fallbak").contains("did you mean Fallback"));
        assertThat(lines).last().isEqualTo("1 of 1 file(s) have errors");
        assertThat(err.toString()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    void aMachineParamWithoutDataIsAnErrorOfValidate(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("m.scxml"), "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"a\">"
                + "<datamodel><data id=\"limit\" expr=\"1\"/></datamodel><state id=\"a\"/></scxml>\n");
        Path f = Files.writeString(dir.resolve("p.launch.xml"), """
                <launch>
                  <node name="n">
                    <timer name="control" hz="10"/>
                    <mqtt port="0"/>
                    <statemachine file="m.scxml"><param name="limit" value="2"/><param name="limt" value="3"/></statemachine>
                  </node>
                </launch>
                """);
        StringWriter err = new StringWriter();
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("validate", f.toString())).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString().lines().toList()).hasSize(2).first().asString().contains("p.launch.xml:5:")
                .contains("<param name=\"limt\">: machine 'm' (m.scxml) has no <data id=\"limt\">");
    }
}
