package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import io.canopy.hardware.posix.Libc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the libc transport writes into the tty, read back by {@code stty -a} from another process on a real pty:
 * raw mode, the framing of the config (what a pty keeps of it), VMIN=1 VTIME=0, a baud rate without a B constant through termios2, and the
 * original settings back after close.
 */
class TtyTermiosTest {
    @TempDir
    Path dir;

    @Test
    void framingRawModeAndCustomBaudReachTheTtyAndCloseRestores() throws IOException, InterruptedException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        // stty opens the port a second time, which TIOCEXCL refuses to anyone but root
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "stty cannot open an exclusive tty: not root");
        try (SocatPtyPair pair = SocatPtyPair.start(dir)) {
            String port = pair.a().toString();
            String before = stty(port);
            TtyTransport tty = new TtyTransport(SerialConfig.of(port, 115200)
                    .withFraming(7, SerialConfig.Parity.EVEN, SerialConfig.StopBits.TWO)
                    .withFlowControl(SerialConfig.FlowControl.RTS_CTS));
            tty.open();
            String open = stty(port);
            // the pty driver forces cs8 and no parity whatever is asked (drivers/tty/pty.c); the rest it keeps
            assertThat(open).contains("speed 115200 baud").contains(" cstopb ").contains(" crtscts ").contains(" -icanon ").contains(" -echo ").contains(" -isig ")
                    .contains(" -opost ").contains(" -icrnl ").contains(" inpck ").contains("min = 1; time = 0;");
            tty.close();
            assertThat(stty(port)).isEqualTo(before);

            TtyTransport odd = new TtyTransport(SerialConfig.of(port, 250000));
            odd.open();
            assertThat(kernelSpeed(port)).as("c_ospeed of struct termios2 (TCGETS2)").isEqualTo(250000);
            assertThat(stty(port)).contains(" cs8 ").contains(" -parenb ")
                    .contains(" -cstopb ").contains(" -crtscts ");
            odd.close();
        }
    }

    /** The output speed the kernel holds, read with TCGETS2 on a second descriptor (stty shows BOTHER as 0). */
    private static int kernelSpeed(String port) {
        int fd = Libc.open(port, Libc.O_RDWR | Libc.O_NOCTTY | Libc.O_NONBLOCK, 0);
        assertThat(fd).as("open " + port).isNotNegative();
        try (Memory t2 = new Memory(TtyTermios.TERMIOS2_SIZE)) {
            assertThat(Libc.ioctl(fd, Libc.TCGETS2, t2)).isZero();
            return t2.getInt(40);
        } finally {
            Libc.close(fd);
        }
    }

    private static String stty(String port) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("stty", "-F", port, "-a").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replace('\n', ' ');
        assertThat(p.waitFor()).as(out).isZero();
        return " " + out + " ";
    }
}
