package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.hardware.serial.SocatPtyPair;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy run} on a serial port that another process holds (here {@code flock(1)}, which takes the same
 * exclusive lock a Canopy link takes on its port, on a real pty): one line naming the port, the holder's pid and
 * command line, exit 2, and no node left running.
 */
class RunBusyPortTest {
    @TempDir
    Path dir;

    @Test
    void aSecondDriverOnOnePortIsRefusedInOneLineNamingTheHolder() throws Exception {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        try (SocatPtyPair pair = SocatPtyPair.start(dir)) {
            String port = pair.a().toString();
            Process holder = new ProcessBuilder("flock", "-x", port, "-c", "echo held; exec sleep 60")
                    .redirectErrorStream(true).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
                assertThat(out.readLine()).as("flock took the lock").isEqualTo("held");
                Path file = Files.writeString(dir.resolve("busy.launch.xml"), """
                        <launch>
                          <node name="base">
                            <timer name="control" hz="50"/>
                            <serial name="base" port="%s" baud="115200"/>
                            <mqtt broker="none"/>
                          </node>
                        </launch>
                        """.formatted(port));
                StringWriter err = new StringWriter();
                picocli.CommandLine cl = CanopyMain.commandLine();
                cl.setErr(new PrintWriter(err));
                int code = cl.execute("run", file.toString(), "--duration", "5s", "--no-status");
                assertThat(code).as(err.toString()).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
                assertThat(err.toString().strip()).doesNotContain("\n")
                        .contains("serial port " + port + " is busy: held by pid ")
                        .contains("flock -x " + port)
                        .contains("one port, one driver: stop that process (kill ");
            } finally {
                holder.destroyForcibly();
            }
        }
    }
}
