package io.canopy.launch.plan;

/**
 * How a node shows itself: its web page ({@code <web port bind control/>}) and its full status on MQTT
 * ({@code <status hz/>}). Immutable.
 *
 * @param webPort    the port of the node's web page, 0 for none (canopy run --web overrides it)
 * @param webBind    the address the page listens on (127.0.0.1 unless said otherwise)
 * @param webControl whether the page may send events to machines and stop the node (behind a token)
 * @param statusHz   rate of {@code <robot>/status/trees/*} and {@code status/machines/*}; 0 = off
 * @param source     the {@code <web>} or {@code <status>} element, or the node when neither is there
 */
public record MonitorPlan(int webPort, String webBind, boolean webControl, double statusHz, Source source) {
    public static final double DEFAULT_STATUS_HZ = 5;
    public static final String DEFAULT_BIND = "127.0.0.1";

    /** No web page; status at the default rate. */
    public static MonitorPlan defaults(Source source) {
        return new MonitorPlan(0, DEFAULT_BIND, false, DEFAULT_STATUS_HZ, source);
    }
}
