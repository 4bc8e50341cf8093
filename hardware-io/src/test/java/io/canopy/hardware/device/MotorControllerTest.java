package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.MotorState;
import io.canopy.tick.ManualNanoClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The motor-controller role on the manual clock, sending over an in-process cable to a recording peer. */
class MotorControllerTest {
    private static final long MS = 1_000_000L;
    private final ManualNanoClock clock = new ManualNanoClock(1_000 * MS);
    private final MotorController motors = new MotorController("test/base", 2, 200, 50);
    private final List<MotorCommand> received = new CopyOnWriteArrayList<>();
    private SerialLink node;
    private SerialLink peer;

    @BeforeEach
    void connect() {
        InProcessWire wire = new InProcessWire();
        node = SerialLink.inProcess("node", wire, true, new DeviceHub(null, motors)).start();
        peer = SerialLink.inProcess("peer", wire, false, (l, e, at) -> {
            if (e.hasMotorCommand()) {
                received.add(e.getMotorCommand());
            }
        }).start();
        motors.attach(node);
        await().atMost(Duration.ofSeconds(30)).until(() -> node.isConnected() && peer.isConnected());
    }

    @AfterEach
    void close() {
        node.close();
        peer.close();
    }

    @Test
    void aNewSetPointIsSentOnTheNextTickAndRefreshedOnlyEveryRefreshPeriod() {
        motors.setVelocity(0, 2.5);
        motors.setVelocity(1, -1.0);
        motors.onTick(clock.nanoTime());
        assertThat(motors.commandsSent()).isEqualTo(2);
        clock.advanceNs(10 * MS);
        motors.setVelocity(0, 2.5); // unchanged
        motors.onTick(clock.nanoTime());
        assertThat(motors.commandsSent()).isEqualTo(2);
        clock.advanceNs(40 * MS);
        motors.onTick(clock.nanoTime());
        assertThat(motors.commandsSent()).as("refresh after 50 ms").isEqualTo(4);
        motors.setVelocity(1, 0.5); // changed: at once
        clock.advanceNs(MS);
        motors.onTick(clock.nanoTime());
        assertThat(motors.commandsSent()).isEqualTo(5);
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 5);
        assertThat(received.get(0).getVelocity()).isEqualTo(2.5);
        assertThat(received.get(0).getTimeoutMs()).isEqualTo(200);
        assertThat(received.get(4).getMotorId()).isEqualTo(1);
        assertThat(received.get(4).getVelocity()).isEqualTo(0.5);
    }

    @Test
    void stopAllSendsStopsAtOnceAndForgetsTheSetPoints() throws Exception {
        motors.setVelocity(0, 3);
        motors.setVelocity(1, 3);
        motors.onTick(clock.nanoTime());
        Thread watchdog = new Thread(motors::stopAll);
        watchdog.start();
        watchdog.join();
        assertThat(motors.stopsSent()).isEqualTo(2);
        clock.advanceNs(100 * MS);
        motors.onTick(clock.nanoTime());
        assertThat(motors.commandsSent()).as("the old set-points are not sent again").isEqualTo(4);
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 4);
        assertThat(received.subList(2, 4)).allMatch(MotorCommand::getStop);
    }

    @Test
    void setStopHoldsTheMotorAndIsRefreshedLikeASetPoint() {
        motors.setStop(1);
        motors.onTick(clock.nanoTime());
        clock.advanceNs(50 * MS);
        motors.onTick(clock.nanoTime());
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 2);
        assertThat(received).allMatch(c -> c.getStop() && c.getMotorId() == 1);
    }

    @Test
    void positionAndEffortSetPointsCarryTheirKind() {
        motors.setPosition(0, 1.5);
        motors.setEffort(1, 0.2);
        motors.onTick(clock.nanoTime());
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 2);
        assertThat(received.get(0).getTargetCase()).isEqualTo(MotorCommand.TargetCase.POSITION);
        assertThat(received.get(1).getTargetCase()).isEqualTo(MotorCommand.TargetCase.EFFORT);
    }

    @Test
    void motorStatesBecomeLatestReadingsWithTheirAge() {
        assertThat(motors.state(1).ageNs(clock.nanoTime())).isEqualTo(Long.MAX_VALUE);
        Envelope state = Envelope.newBuilder().setMotorState(MotorState.newBuilder().setMotorId(1).setPosition(4)
                .setVelocity(2).setEffort(0.1).setFaultFlags(4)).build();
        assertThat(motors.onEnvelope(state, clock.nanoTime())).isTrue();
        clock.advanceNs(30 * MS);
        double[] v = new double[4];
        assertThat(motors.state(1).read(v)).isEqualTo(clock.nanoTime() - 30 * MS);
        assertThat(v).containsExactly(4, 2, 0.1, 4);
        assertThat(motors.state(1).ageNs(clock.nanoTime())).isEqualTo(30 * MS);
        assertThat(motors.state(1).isStale(clock.nanoTime(), 20 * MS)).isTrue();
        Envelope unknownMotor = Envelope.newBuilder().setMotorState(MotorState.newBuilder().setMotorId(7)).build();
        assertThat(motors.onEnvelope(unknownMotor, clock.nanoTime())).isFalse();
    }

    @Test
    void aLinkThatComesBackGetsAStop() {
        motors.onDeviceBack(node);
        assertThat(motors.stopsSent()).isEqualTo(2);
    }

    @Test
    void refreshMustBeShorterThanTheTimeout() {
        assertThatThrownBy(() -> new MotorController("m", 2, 100, 100))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("refreshMs=100");
    }
}
