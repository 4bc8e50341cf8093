package io.canopy.launch.web;

import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Qos;
import io.canopy.messaging.Subscription;
import java.io.PrintStream;

/**
 * {@code canopy monitor}: the page of every robot on a broker, from their status topics, in a process of its
 * own (it only subscribes: no load on the robots). Read-only.
 */
public final class FleetMonitor implements AutoCloseable {
    private final WebServer server;
    private final Subscription subscription;
    private final LogRing log;

    private FleetMonitor(WebServer server, Subscription subscription, LogRing log) {
        this.server = server;
        this.subscription = subscription;
        this.log = log;
    }

    /** Subscribes {@code mqtt} to everything ({@code #}, QoS 0) and serves the page on {@code bind:port}. */
    public static FleetMonitor start(MqttNode mqtt, String bind, int port, PrintStream out) {
        LogRing log = new LogRing();
        BrokerRobots fleet = new BrokerRobots(log, mqtt::isConnected);
        Subscription sub = mqtt.newRawSubscriber("/#", Qos.AT_MOST_ONCE, fleet::onMessage);
        WebServer server;
        try {
            server = WebServer.start(fleet, bind, port, "--port", false, () -> {});
        } catch (RuntimeException e) {
            sub.close();
            throw e;
        }
        WebOptions.print(out, server, bind, "canopy monitor");
        return new FleetMonitor(server, sub, log);
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
        subscription.close();
    }
}
