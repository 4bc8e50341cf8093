package io.canopy.messaging;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttPingSender;
import org.eclipse.paho.client.mqttv3.internal.ClientComms;

/**
 * Paho's keep-alive pings on the connection's IO thread. Paho's default sender starts a {@code java.util.Timer}
 * thread per client for them; a ping only queues a PINGREQ (or notices a missing PINGRESP), so it can share the
 * thread that connects and drains the outbound queue. A ping scheduled after the IO thread stopped (the client
 * is closing) is dropped.
 */
final class IoPingSender implements MqttPingSender {
    private final ScheduledExecutorService io;
    private volatile ClientComms comms;
    private volatile ScheduledFuture<?> next;

    IoPingSender(ScheduledExecutorService io) {
        this.io = io;
    }

    @Override
    public void init(ClientComms comms) {
        this.comms = comms;
    }

    @Override
    public void start() {
        schedule(comms.getKeepAlive());
    }

    @Override
    public void stop() {
        ScheduledFuture<?> f = next;
        if (f != null) {
            f.cancel(false);
        }
    }

    @Override
    public void schedule(long delayMs) {
        try {
            next = io.schedule(this::ping, delayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            next = null;
        }
    }

    private void ping() {
        ClientComms c = comms;
        if (c != null) {
            c.checkForActivity();
        }
    }
}
