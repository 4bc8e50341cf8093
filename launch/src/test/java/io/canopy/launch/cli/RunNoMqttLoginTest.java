package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code canopy run --user ...} of a launch file whose nodes have no MQTT: one line, exit 2, nothing started. */
class RunNoMqttLoginTest {
    @TempDir
    Path dir;

    @Test
    void aLoginForANodeWithoutMqttIsRefusedInOneLine() throws Exception {
        Files.writeString(dir.resolve("t.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main"><BehaviorTree ID="Main"><AlwaysSuccess/></BehaviorTree></root>
                """);
        Path file = Files.writeString(dir.resolve("off.launch.xml"), """
                <launch>
                  <node name="off">
                    <timer name="control" hz="50"/>
                    <tree file="t.xml"/>
                    <mqtt broker="none"/>
                  </node>
                </launch>
                """);
        StringWriter err = new StringWriter();
        picocli.CommandLine cl = CanopyMain.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute("run", file.toString(), "--duration", "10ms", "--no-status", "--user", "bob");
        assertThat(code).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString().strip()).doesNotContain("\n")
                .startsWith("canopy: --user/--password-env/--ca-file: node 'off' has no MQTT (")
                .contains("off.launch.xml:5:").contains("broker=\"none\"); drop the option, or give the node a broker");
    }
}
