package io.canopy.hardware.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.canopy.proto.FaultFlag;
import io.canopy.proto.MotorCommand;
import io.canopy.tick.ManualNanoClock;
import org.junit.jupiter.api.Test;

/** The simulated physics on the manual clock. */
class DiffDriveModelTest {
    private static final long STEP_NS = 10_000_000L;
    private final DiffDriveModel model = new DiffDriveModel();
    private final ManualNanoClock clock = new ManualNanoClock();

    private void run(double seconds) {
        long steps = Math.round(seconds * 1e9 / STEP_NS);
        for (long i = 0; i < steps; i++) {
            clock.advanceNs(STEP_NS);
            model.step(clock.nanoTime(), STEP_NS);
        }
    }

    private void velocity(int motor, double radPerS, int timeoutMs) {
        model.command(MotorCommand.newBuilder().setMotorId(motor).setVelocity(radPerS).setTimeoutMs(timeoutMs).build(),
                clock.nanoTime());
    }

    @Test
    void wheelVelocityFollowsTheCommandWithAFirstOrderResponse() {
        velocity(0, 10, 0);
        run(DiffDriveModel.TAU_S);
        assertThat(model.velocity(0)).isCloseTo(10 * (1 - Math.exp(-1)), within(0.1));
        run(1.0);
        assertThat(model.velocity(0)).isCloseTo(10, within(0.01));
        assertThat(model.velocity(1)).isZero();
    }

    @Test
    void equalWheelSpeedsDriveStraightAndTheEncodersCount() {
        model.pose(0.5, 1.5, 0);
        velocity(0, 10, 0);
        velocity(1, 10, 0);
        run(2.0);
        assertThat(model.theta()).isCloseTo(0, within(1e-9));
        assertThat(model.y()).isCloseTo(1.5, within(1e-9));
        double travelled = model.x() - 0.5;
        assertThat(travelled).isCloseTo(model.position(0) * DiffDriveModel.WHEEL_RADIUS_M, within(1e-6));
        assertThat(travelled).isGreaterThan(0.8);
    }

    @Test
    void oppositeWheelSpeedsTurnOnTheSpot() {
        velocity(0, -5, 0);
        velocity(1, 5, 0);
        run(0.5);
        assertThat(model.theta()).isPositive();
        assertThat(model.x()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void motorsStopWhenCommandsStopAfterTheTimeout() {
        velocity(0, 10, 200);
        velocity(1, 10, 200);
        run(0.19);
        assertThat(model.velocity(0)).isGreaterThan(5);
        assertThat(model.faultFlags(0)).isZero();
        run(1.5);
        assertThat(model.velocity(0)).isCloseTo(0, within(0.01));
        assertThat(model.faultFlags(0)).isEqualTo(FaultFlag.FAULT_COMMAND_TIMEOUT_VALUE);
        velocity(0, 1, 200);
        assertThat(model.faultFlags(0)).as("a new command clears the fault").isZero();
    }

    @Test
    void rangeSeesTheObstacleAheadAndTheWallOtherwise() {
        model.pose(0.5, 1.5, 0); // facing +x, the box spans x 2.5..3.0 at y 1.2..1.8
        assertThat(model.rangeM()).isCloseTo(2.0f, within(1e-4f));
        model.pose(0.5, 0.5, 0); // below the box: the far wall at x = 4
        assertThat(model.rangeM()).isCloseTo(3.5f, within(1e-4f));
        model.pose(0.5, 0.5, Math.PI / 2); // facing +y: the wall at y = 3
        assertThat(model.rangeM()).isCloseTo(2.5f, within(1e-4f));
    }

    @Test
    void drivingTowardsTheObstacleShortensTheRangeAndTheBaseStopsAtIt() {
        model.pose(0.5, 1.5, 0);
        velocity(0, 15, 0);
        velocity(1, 15, 0);
        float before = model.rangeM();
        run(1.0);
        assertThat(model.rangeM()).isLessThan(before);
        run(20.0);
        assertThat(model.x()).isLessThan(DiffDriveModel.BOX_MIN_X);
        assertThat(model.rangeM()).isLessThan(0.1f);
    }

    @Test
    void batteryDrainsFasterWithEffort() {
        DiffDriveModel idle = new DiffDriveModel();
        velocity(0, 20, 0);
        velocity(1, -20, 0);
        for (int i = 0; i < 1000; i++) {
            clock.advanceNs(STEP_NS);
            model.step(clock.nanoTime(), STEP_NS);
            idle.step(clock.nanoTime(), STEP_NS);
        }
        assertThat(idle.batteryPercent()).isLessThan(100);
        assertThat(model.batteryPercent()).isLessThan(idle.batteryPercent());
        assertThat(model.batteryVoltage()).isBetween(DiffDriveModel.EMPTY_V, DiffDriveModel.FULL_V);
    }

    @Test
    void positionCommandsSettleAtTheTarget() {
        model.command(MotorCommand.newBuilder().setMotorId(1).setPosition(3.0).build(), clock.nanoTime());
        run(5);
        assertThat(model.position(1)).isCloseTo(3.0, within(0.05));
    }

    @Test
    void unknownMotorIdsAreIgnored() {
        assertThat(model.command(MotorCommand.newBuilder().setMotorId(7).setVelocity(1).build(), 0)).isFalse();
    }
}
