package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchObserveCommandTest {
    @TempDir
    Path dir;

    /** The first of four consecutive free ports (the bench's two Groot2 servers take two each). */
    static int fourFreePorts() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int p;
            try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
                p = s.getLocalPort();
            }
            if (p > 65_000) {
                continue;
            }
            try (java.net.ServerSocket a = new java.net.ServerSocket(p + 1); java.net.ServerSocket b = new java.net.ServerSocket(p + 2);
                    java.net.ServerSocket c = new java.net.ServerSocket(p + 3)) {
                return p;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no four free consecutive ports");
    }

    @Test
    void everyModeGetsARowAndNoneAllocatesPerTick() throws IOException {
        Path tree = Files.writeString(dir.resolve("t.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="MainTree">
                  <BehaviorTree ID="MainTree">
                    <ReactiveSequence><AlwaysTrue/><AlwaysTrue/><RunForever/></ReactiveSequence>
                  </BehaviorTree>
                </root>
                """);
        int port = fourFreePorts();
        Object[] r = ValidateCommandTest.run("bench", "observe", tree.toString(), "--warmup-ms", "100", "--measure-ms", "500",
                "--rounds", "3", "--groot2-port", String.valueOf(port));
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        String out = (String) r[1];
        assertThat(out).contains("mode", "ns/root tick", "ns/node tick", "vs none", "bytes/tick");
        for (String mode : new String[] {"none", "groot2 polled 10 Hz", "btlog", "trace-json", "all three"}) {
            assertThat(out).as(out).containsPattern("(?m)^" + mode + " +[0-9.]+ +[0-9.]+ +[-+][0-9.]+% +[0-9.]+ +[0-9.]+$");
        }
        // the observed modes see the two conditions go IDLE -> SUCCESS -> IDLE each tick: 4 transitions
        assertThat(out).containsPattern("(?m)^btlog .* 4\\.0 +[0-9.]+$");
    }
}
