package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import io.canopy.proto.Envelope;
import io.canopy.proto.TimerStats;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Issue #35 item 5: when the monitor's own connection to the broker is down, no robot is "online" (it may have
 * died meanwhile, its Last Will cannot reach the monitor); back on the broker, the states are read anew.
 */
class BrokerLostTest {
    private final AtomicBoolean connected = new AtomicBoolean(true);
    private final LogRing log = new LogRing();
    private final BrokerRobots fleet = new BrokerRobots(log, connected::get);

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private JsonObject robot(String name) {
        return fleet.sample().get(name);
    }

    @Test
    void everyRobotIsUnknownWhileTheMonitorIsOffTheBrokerAndKnownAgainFromItsRetainedState() {
        fleet.onMessage("robot1/controller/state", text("online"), true);
        fleet.onMessage("robot2/controller/state", text("online"), true);
        assertThat(robot("robot1/controller").get("state").getAsString()).isEqualTo("online");
        assertThat(robot("robot1/controller").get("broker").getAsString()).isEqualTo("connected");

        connected.set(false);
        JsonObject r1 = robot("robot1/controller");
        assertThat(r1.get("state").getAsString()).isEqualTo("unknown");
        assertThat(r1.get("online").getAsBoolean()).isFalse();
        assertThat(r1.get("broker").getAsString()).isEqualTo("lost");
        assertThat(log.json().toString()).contains("the monitor lost its connection to the broker: every robot's state is unknown");

        connected.set(true); // the broker sends the retained states again when the subscription is restored
        assertThat(robot("robot1/controller").get("state").getAsString()).isEqualTo("unknown");
        fleet.onMessage("robot1/controller/state", text("offline"), true); // robot1 died while we were away
        fleet.onMessage("robot2/controller/state", text("online"), true);
        assertThat(robot("robot1/controller").get("state").getAsString()).isEqualTo("offline");
        assertThat(robot("robot2/controller").get("state").getAsString()).isEqualTo("online");
        assertThat(robot("robot2/controller").get("broker").getAsString()).isEqualTo("connected");
        assertThat(log.json().toString()).contains("connected to the broker again");
    }

    @Test
    void aLiveMessageOfARobotAfterTheOutageShowsItIsThere() {
        fleet.onMessage("robot1/controller/state", text("online"), true);
        connected.set(false);
        assertThat(robot("robot1/controller").get("state").getAsString()).isEqualTo("unknown");
        connected.set(true);
        fleet.onMessage("robot1/controller/timers", Envelope.newBuilder()
                .setTimerStats(TimerStats.newBuilder().setTimer("control").setRateHz(50)).build().toByteArray(), false);
        assertThat(robot("robot1/controller").get("state").getAsString()).isEqualTo("online");
    }
}
