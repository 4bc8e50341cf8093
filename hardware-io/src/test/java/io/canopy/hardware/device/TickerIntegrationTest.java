package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.InboxSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.proto.Envelope;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.Ticker;
import io.canopy.tick.Watchdog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's real ticker thread drives the motor controller; serial events reach it through its inbox
 * (single writer); the watchdog's failsafe stops the motors when a tick stalls. Over a socat pty pair.
 */
class TickerIntegrationTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private SocatPtyPair pair;
    private SerialLink node;
    private DiffDriveSim sim;
    private final Ticker ticker = new Ticker("node", SystemNanoClock.INSTANCE);
    private final MotorController motors = new MotorController("node/base", 2, 300, 50);
    private final RangeSensor range = new RangeSensor("front", 0);
    private final List<String> tickThreadEvents = new CopyOnWriteArrayList<>();
    private final List<String> eventThreads = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): pty tests skipped");
        pair = SocatPtyPair.start(dir);
        ticker.addEventHandler(e -> {
            tickThreadEvents.add(e.name());
            eventThreads.add(Thread.currentThread().getName());
        });
        node = SerialLink.open(SerialConfig.of(pair.a().toString(), 115200),
                new DeviceHub(new InboxSink(ticker.inbox()), motors, range)).start();
        motors.attach(node);
        await().atMost(WAIT).until(node::isConnected);
        sim = DiffDriveSim.onPort(SerialConfig.of(pair.b().toString(), 115200)).start();
    }

    @AfterEach
    void stop() {
        ticker.close();
        if (sim != null) {
            sim.close();
        }
        if (node != null) {
            node.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    @Test
    void serialEventsReachTheTickThroughTheInboxAndTheTickDrivesTheMotors() throws IOException {
        ticker.addTimerHz("control", 50).addListener(now -> {
            motors.setVelocity(0, 6);
            motors.setVelocity(1, 6);
            motors.onTick(now);
        });
        ticker.start();
        await().atMost(WAIT).until(() -> motors.state(0).value(MotorController.VELOCITY) > 3
                && tickThreadEvents.contains("device_info") && tickThreadEvents.contains("heartbeat"));
        assertThat(eventThreads).allMatch("node"::equals);
        pair.kill();
        await().atMost(WAIT).until(() -> tickThreadEvents.contains(SerialLink.EVENT_DEVICE_LOST));
        pair.restart();
        await().atMost(WAIT).until(() -> tickThreadEvents.contains(SerialLink.EVENT_DEVICE_BACK));
        assertThat(tickThreadEvents.indexOf(SerialLink.EVENT_DEVICE_LOST))
                .isLessThan(tickThreadEvents.indexOf(SerialLink.EVENT_DEVICE_BACK));
    }

    @Test
    void aWireEventBecomesACommandEventWithItsPayload() {
        List<String> payloads = new CopyOnWriteArrayList<>();
        ticker.addEventHandler(e -> {
            if (e.is("goal.set")) {
                payloads.add(new String(e.payloadBuffer(), 0, e.payloadLength(), java.nio.charset.StandardCharsets.UTF_8)
                        + "/" + e.kind() + "/" + (e.attachment() instanceof Envelope));
            }
        });
        ticker.addTimerHz("control", 50).addListener(now -> { });
        ticker.start();
        await().atMost(WAIT).until(() -> sim.link().isConnected()); // a frame sent before the sim's port is open is dropped
        sim.link().send(Envelope.newBuilder().setEvent(io.canopy.proto.Event.newBuilder().setName("goal.set")
                .setPayload(com.google.protobuf.ByteString.copyFromUtf8("kitchen"))).build());
        await().atMost(WAIT).until(() -> !payloads.isEmpty());
        assertThat(payloads).containsExactly("kitchen/COMMAND/true");
    }

    @Test
    void theWatchdogFailsafeStopsTheMotorsWhileTheTickIsStuck() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean stall = new AtomicBoolean();
        ticker.addTimerHz("control", 50).budgetNs(100_000_000L).addListener(now -> {
            if (stall.get()) {
                try {
                    release.await(); // a hung tree
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            motors.setVelocity(0, 6);
            motors.setVelocity(1, 6);
            motors.onTick(now);
        });
        try (Watchdog watchdog = new Watchdog(ticker, motors).checkIntervalNs(5_000_000L)) {
            ticker.start();
            watchdog.start();
            await().atMost(WAIT).until(() -> sim.snapshot().leftRadS() > 3);
            stall.set(true);
            await().atMost(WAIT).until(() -> motors.stopsSent() >= 2);
            await().atMost(WAIT).until(() -> Math.abs(sim.snapshot().leftRadS()) < 0.5);
            assertThat(sim.snapshot().faultFlags()).as("stopped by the failsafe's stop, not by timeout").isZero();
            assertThat(watchdog.stalls()).isEqualTo(1);
            release.countDown();
        }
    }
}
