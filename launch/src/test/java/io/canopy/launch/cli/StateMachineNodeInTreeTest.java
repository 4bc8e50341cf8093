package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code StateMachine} tree node is registered for validate/run, and its file is relative to the tree file. */
class StateMachineNodeInTreeTest {
    @TempDir
    Path dir;

    @Test
    void aTreeRunningAStatechartValidatesWithTheChartBesideIt() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("trees"));
        Files.writeString(sub.resolve("m.scxml"),
                "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\"><state id=\"a\"/><final id=\"done\"/></scxml>");
        Path tree = Files.writeString(sub.resolve("t.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">"
                + "<StateMachine file=\"m.scxml\" failure_states=\"done\"/></BehaviorTree></root>");
        // run from another working directory: the chart is found beside the tree, not in the cwd
        Object[] r = ValidateCommandTest.run("validate", tree.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).contains("OK " + tree);
    }

    @Test
    void aMissingChartIsOneLineNamingTheTreeElement() throws IOException {
        Path tree = Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">\n"
                + "<StateMachine file=\"nowhere.scxml\"/></BehaviorTree></root>");
        Object[] r = ValidateCommandTest.run("validate", tree.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        String err = ((String) r[2]).strip();
        // log lines of other tests' brokers still closing in this JVM are not validate's output
        String[] lines = err.lines().filter(l -> !l.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} .*")).toArray(String[]::new);
        assertThat(lines).hasSize(2); // the error, then validate's summary
        assertThat(lines[0]).contains("t.xml:2:", "<StateMachine>", "port 'file'", "nowhere.scxml");
        assertThat(lines[1]).isEqualTo("1 of 1 file(s) have errors");
    }
}
