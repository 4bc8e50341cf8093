package io.canopy.hardware.serial;

import java.nio.charset.StandardCharsets;

/**
 * A second Canopy process for {@link ExclusivePortTest}: opens a serial link on the port given as its argument,
 * prints {@code open} once the port is open, and holds it until its standard input closes.
 */
public final class PortHeldElsewhere {
    private PortHeldElsewhere() {}

    public static void main(String[] args) throws Exception {
        SerialLink link = SerialLink.open(SerialConfig.of(args[0], 115200), new RecordingSink()).start();
        while (!link.isConnected()) {
            Thread.onSpinWait(); // the child has nothing else to do; the parent waits for the line below
        }
        System.out.write("open\n".getBytes(StandardCharsets.US_ASCII));
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold the port until the parent closes our stdin
        }
        link.close();
    }
}
