package io.canopy.launch.plan;

/**
 * A link that carries a device protocol's own bytes instead of Canopy frames: a {@code <serial>} named by a
 * {@code <mavlink>} or {@code <dynamixel>} (then {@link #serial()} is set), or a {@code <udp>} socket
 * ({@code <udp name local remote>}; then {@link #localHost()} and the rest are set).
 *
 * @param remoteHost where to send, or null to answer whoever sent the first datagram (a ground station's way)
 */
public record RawLinkPlan(String name, SerialPlan serial, String localHost, int localPort, String remoteHost,
        int remotePort, Source source) {
    public boolean udp() {
        return serial == null;
    }

    /** For messages: {@code serial /dev/ttyACM0 @ 57600} or {@code udp 127.0.0.1:14550}. */
    public String describe() {
        return udp() ? "udp " + localHost + ":" + localPort + (remoteHost == null ? "" : " -> " + remoteHost + ":" + remotePort)
                : "serial " + serial.port() + " @ " + serial.baud();
    }
}
