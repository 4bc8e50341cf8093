package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.canopy.hardware.sim.DiffDriveModel;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.MotorState;
import io.canopy.tick.ManualNanoClock;
import org.junit.jupiter.api.Test;

/** Encoder odometry on the node side follows the simulated base's true pose (manual clock, no threads). */
class DiffDriveOdometryTest {
    private static final long STEP_NS = 10_000_000L;

    @Test
    void encoderOdometryTracksTheTruePoseThroughStraightsAndTurns() {
        ManualNanoClock clock = new ManualNanoClock();
        DiffDriveModel base = new DiffDriveModel();
        base.pose(0.5, 0.5, 0);
        MotorController motors = new MotorController("node/base", 2, 300, 50);
        DiffDriveOdometry odometry = new DiffDriveOdometry(motors, 0, 1, DiffDriveModel.WHEEL_RADIUS_M, DiffDriveModel.TRACK_M);
        odometry.reset(0.5, 0.5, 0);
        double[][] legs = {{6, 6}, {-3, 3}, {5, 5}, {4, 2}};
        for (double[] leg : legs) {
            base.command(MotorCommand.newBuilder().setMotorId(0).setVelocity(leg[0]).build(), clock.nanoTime());
            base.command(MotorCommand.newBuilder().setMotorId(1).setVelocity(leg[1]).build(), clock.nanoTime());
            for (int i = 0; i < 100; i++) {
                clock.advanceNs(STEP_NS);
                base.step(clock.nanoTime(), STEP_NS);
                for (int m = 0; m < 2; m++) {
                    motors.onEnvelope(Envelope.newBuilder().setMotorState(MotorState.newBuilder().setMotorId(m)
                            .setPosition(base.position(m))).build(), clock.nanoTime());
                }
                odometry.onTick(clock.nanoTime());
            }
        }
        double[] pose = new double[4];
        assertThat(odometry.pose().read(pose)).isEqualTo(clock.nanoTime());
        assertThat(pose[DiffDriveOdometry.X_M]).isCloseTo(base.x(), within(0.01));
        assertThat(pose[DiffDriveOdometry.Y_M]).isCloseTo(base.y(), within(0.01));
        assertThat(pose[DiffDriveOdometry.THETA_RAD]).isCloseTo(base.theta(), within(0.01));
        assertThat(base.theta()).as("the route really turned").isNotCloseTo(0, within(0.3));
    }

    @Test
    void nothingIsPublishedBeforeBothWheelsReported() {
        MotorController motors = new MotorController("node/base", 2, 300, 50);
        DiffDriveOdometry odometry = new DiffDriveOdometry(motors, 0, 1, 0.05, 0.3);
        motors.onEnvelope(Envelope.newBuilder().setMotorState(MotorState.newBuilder().setMotorId(0).setPosition(1)).build(), 1);
        odometry.onTick(2);
        assertThat(odometry.pose().count()).isZero();
    }
}
