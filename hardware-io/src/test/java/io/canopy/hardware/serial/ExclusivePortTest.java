package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.canopy.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One port, one driver: a second open of a tty that a Canopy link holds is refused with one line naming the port
 * and the process holding it, whether the holder is another link of this process or another process (a second
 * JVM). Real ptys made by socat.
 */
class ExclusivePortTest {
    @TempDir
    Path dir;
    private SocatPtyPair pair;
    private SerialLink first;
    private SerialLink second;
    private Process child;

    @BeforeEach
    void startSocat() throws IOException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): pty tests skipped");
        pair = SocatPtyPair.start(dir);
    }

    @AfterEach
    void stop() {
        if (first != null) {
            first.close();
        }
        if (second != null) {
            second.close();
        }
        if (child != null) {
            child.destroyForcibly();
        }
        pair.close();
    }

    @Test
    void aSecondLinkOnTheSamePortIsRefusedUntilTheFirstCloses() {
        String port = pair.a().toString();
        first = SerialLink.open(SerialConfig.of(port, 115200), new RecordingSink()).start();
        await().atMost(Duration.ofSeconds(30)).until(first::isConnected);

        SerialLink again = SerialLink.open(SerialConfig.of(port, 115200), new RecordingSink());
        assertThatThrownBy(again::start)
                .isInstanceOf(InputException.class)
                .hasMessageContaining(port)
                .hasMessageContaining("busy")
                .hasMessageContaining("pid " + ProcessHandle.current().pid())
                .hasMessageContaining("this process")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(again.isConnected()).isFalse();

        first.close();
        first = null;
        second = SerialLink.open(SerialConfig.of(port, 115200), new RecordingSink()).start();
        await().atMost(Duration.ofSeconds(30)).until(second::isConnected);
    }

    @Test
    void aPortHeldByAnotherProcessIsRefusedNamingItsPidAndCommandLine() throws IOException {
        String port = pair.a().toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        child = new ProcessBuilder(java, "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                PortHeldElsewhere.class.getName(), port).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals("open")) {
            // the child's log lines before it has the port
        }
        assertThat(line).as("the child opened the port").isEqualTo("open");

        TtyTransport tty = new TtyTransport(SerialConfig.of(port, 115200));
        assertThatThrownBy(tty::open)
                .isInstanceOf(PortBusyException.class)
                .hasMessageContaining(port)
                .hasMessageContaining("pid " + child.pid())
                .hasMessageContaining(PortHeldElsewhere.class.getName())
                .hasMessageContaining("kill " + child.pid());
        SerialLink refused = SerialLink.open(SerialConfig.of(port, 115200), new RecordingSink());
        assertThatThrownBy(refused::start).isInstanceOf(InputException.class).hasMessageContaining("pid " + child.pid());

        child.getOutputStream().close(); // the child closes its link and exits: the port is free again
        await().atMost(Duration.ofSeconds(30)).until(() -> !child.isAlive());
        second = SerialLink.open(SerialConfig.of(port, 115200), new RecordingSink()).start();
        await().atMost(Duration.ofSeconds(30)).until(second::isConnected);
    }
}
