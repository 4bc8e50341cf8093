package io.canopy.launch.plan;

import java.util.Map;

/**
 * A serial link ({@code <serial name port baud data_bits parity stop_bits flow>}). A port of the form
 * {@code sim:MODEL} (only {@code sim:diffdrive} today) runs the in-process simulator instead of opening a
 * device; {@code timeout_ms} (default 500) is how long the device may stay silent (any frame counts,
 * heartbeats too) before it is treated as lost although its port is open; {@link #params()} holds its {@code <param name value>} children (simulator settings).
 */
public record SerialPlan(
        String name,
        String port,
        int baud,
        int dataBits,
        String parity,
        String stopBits,
        String flowControl,
        int timeoutMs,
        Map<String, String> params,
        Source source) {
    public static final String SIM_PREFIX = "sim:";
    /** A device silent this long while its port stays open is lost ({@code timeout_ms}). */
    public static final int DEFAULT_TIMEOUT_MS = 500;

    public SerialPlan {
        params = Map.copyOf(params);
    }

    /** True when the port is an in-process simulator ({@code sim:MODEL}). */
    public boolean simulated() {
        return port.startsWith(SIM_PREFIX);
    }

    /** The simulator model ({@code diffdrive}), or null for a real port. */
    public String simModel() {
        return simulated() ? port.substring(SIM_PREFIX.length()) : null;
    }
}
