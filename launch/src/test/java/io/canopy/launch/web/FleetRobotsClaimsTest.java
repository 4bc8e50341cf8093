package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.protobuf.ByteString;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The monitor's view of fleet/claims/#: who holds what, as the robots' ClaimBoards see it. */
class FleetRobotsClaimsTest {
    private final BrokerRobots fleet = new BrokerRobots(new LogRing());

    private static byte[] event(String holder, String name, String body) {
        return Envelope.newBuilder().setSource(holder)
                .setEvent(Event.newBuilder().setName(name).setPayload(ByteString.copyFromUtf8(body))).build().toByteArray();
    }

    private JsonObject claimsOf(String robot) {
        return fleet.sample().get(robot).getAsJsonObject("claims");
    }

    @Test
    void aClaimShowsUnderItsHolderUntilReleased() {
        fleet.onMessage("robot1/controller/state", "online".getBytes(StandardCharsets.UTF_8), true);
        long before = System.currentTimeMillis();
        fleet.onMessage("fleet/claims/NorthWest", event("robot1/controller", "claim", "NorthWest 3000"), false);
        JsonObject c = claimsOf("robot1/controller");
        assertThat(c.keySet()).containsExactly("NorthWest");
        assertThat(c.getAsJsonObject("NorthWest").get("leaseMs").getAsLong()).isEqualTo(3000);
        assertThat(c.getAsJsonObject("NorthWest").get("expiresMs").getAsLong()).isGreaterThanOrEqualTo(before + 3000);

        fleet.onMessage("fleet/claims/NorthWest", event("robot1/controller", "release", "NorthWest"), false);
        assertThat(claimsOf("robot1/controller").keySet()).isEmpty();
    }

    @Test
    void theLastClaimWinsAndAnEmptyRetainedMessageClearsIt() {
        fleet.onMessage("fleet/claims/East", event("robot1/controller", "claim", "East 3000"), true);
        fleet.onMessage("fleet/claims/East", event("robot2/controller", "claim", "East 3000"), false);
        assertThat(claimsOf("robot1/controller").keySet()).isEmpty();
        assertThat(claimsOf("robot2/controller").keySet()).containsExactly("East");
        fleet.onMessage("fleet/claims/East", new byte[0], true);
        assertThat(claimsOf("robot2/controller").keySet()).isEmpty();
    }

    @Test
    void theHoldersLastWillEndsAllItsClaimsAndARetainedClaimOfAnOfflineRobotIsIgnored() {
        fleet.onMessage("fleet/claims/East", event("robot1/controller", "claim", "East 60000"), false);
        fleet.onMessage("fleet/claims/West", event("robot1/controller", "claim", "West 60000"), false);
        fleet.onMessage("fleet/claims/South", event("robot2/controller", "claim", "South 60000"), false);
        fleet.onMessage("robot1/controller/state", "offline".getBytes(StandardCharsets.UTF_8), false);
        assertThat(claimsOf("robot1/controller").keySet()).isEmpty();
        assertThat(claimsOf("robot2/controller").keySet()).containsExactly("South");
        fleet.onMessage("fleet/claims/North", event("robot1/controller", "claim", "North 60000"), true);
        assertThat(claimsOf("robot1/controller").keySet()).isEmpty();
    }

    @Test
    void aLeaseNotRenewedRunsOut() {
        fleet.onMessage("fleet/claims/East", event("robot1/controller", "claim", "East 1"), false);
        long until = System.nanoTime() + 2_000_000L;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait(); // 2 ms: past the 1 ms lease on the wall clock the monitor reads
        }
        assertThat(claimsOf("robot1/controller").keySet()).isEmpty();
    }
}
