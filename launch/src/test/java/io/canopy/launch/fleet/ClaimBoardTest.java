package io.canopy.launch.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.tick.ManualNanoClock;
import org.junit.jupiter.api.Test;

/**
 * The claim board on the manual clock, fed the messages the broker would pass on (no MQTT here: the board's
 * own publications are what the end-to-end FleetClaimsTest checks): leases, Last Will, last writer wins.
 */
class ClaimBoardTest {
    private static final long MS = 1_000_000L;
    private final ManualNanoClock clock = new ManualNanoClock();
    private final ClaimBoard board = new ClaimBoard(clock).as("robot1/controller");

    private void arrives(String holder, String name, String body) {
        board.arrived(Event.newBuilder().setName(name).setPayload(ByteString.copyFromUtf8(body)).build(),
                Envelope.newBuilder().setSource(holder).build());
        board.beginTick();
    }

    @Test
    void anotherRobotsClaimHoldsUntilItsLeaseRunsOutWithoutRenewal() {
        arrives("robot2/controller", "claim", "East 3000");
        ClaimBoard.Entry e = board.entry("East");
        assertThat(board.heldByOther(e)).isTrue();
        clock.advanceNs(2999 * MS);
        assertThat(board.heldByOther(e)).isTrue();
        arrives("robot2/controller", "claim", "East 3000"); // renewal
        clock.advanceNs(2999 * MS);
        assertThat(board.heldByOther(e)).isTrue();
        clock.advanceNs(2 * MS);
        assertThat(board.heldByOther(e)).as("lease over 3 s after the last renewal").isFalse();
    }

    @Test
    void aReleaseOrTheHoldersLastWillFreesTheResourceAtOnce() {
        arrives("robot2/controller", "claim", "East 60000");
        arrives("robot3/controller", "claim", "West 60000");
        arrives("robot2/controller", "release", "East");
        assertThat(board.heldByOther(board.entry("East"))).isFalse();
        assertThat(board.heldByOther(board.entry("West"))).isTrue();
        board.holderOffline("robot3/controller");
        board.beginTick();
        assertThat(board.heldByOther(board.entry("West"))).as("robot3's Will said offline").isFalse();
    }

    @Test
    void ourClaimWinsAfterItCameBackAndSettled() {
        ClaimBoard.Entry e = board.entry("East");
        long started = clock.nanoTime();
        board.claim(e, 3000);
        assertThat(board.outcome(e, started, 2000 * MS)).isZero();
        arrives("robot1/controller", "claim", "East 3000");
        clock.advanceNs(ClaimBoard.SETTLE_NS - 1);
        assertThat(board.outcome(e, started, 2000 * MS)).as("still settling").isZero();
        clock.advanceNs(1);
        assertThat(board.outcome(e, started, 2000 * MS)).isEqualTo(1);
        assertThat(board.holds(e)).isTrue();
    }

    @Test
    void aClaimArrivingAfterOursWinsAndOursIsLost() {
        ClaimBoard.Entry e = board.entry("East");
        long started = clock.nanoTime();
        board.claim(e, 3000);
        arrives("robot1/controller", "claim", "East 3000");
        arrives("robot2/controller", "claim", "East 3000"); // the broker passed robot2's on after ours: robot2 wins
        assertThat(board.outcome(e, started, 2000 * MS)).isEqualTo(-1);
        assertThat(board.holds(e)).isFalse();
        assertThat(board.heldByOther(e)).isTrue();
    }

    @Test
    void aClaimThatNeverComesBackFailsAtItsTimeout() {
        ClaimBoard.Entry e = board.entry("East");
        long started = clock.nanoTime();
        board.claim(e, 3000);
        clock.advanceNs(2000 * MS);
        assertThat(board.outcome(e, started, 2000 * MS)).isZero();
        clock.advanceNs(1);
        assertThat(board.outcome(e, started, 2000 * MS)).isEqualTo(-1);
    }
}
