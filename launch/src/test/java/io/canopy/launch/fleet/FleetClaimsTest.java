package io.canopy.launch.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.Envelope;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three robots (fleet-robot.launch.xml as three {@code canopy run} child processes, real clock) share one route on
 * the embedded Moquette broker through the Claim/Release nodes of trees/fleet-patrol.xml. To keep the test short
 * the copy it runs replaces driving with a 1.5 s {@code Sleep} at each waypoint (the coordination under test is
 * the same) and uses a 60 s lease, so that only the Last Will can free a dead robot's waypoint in time.
 */
class FleetClaimsTest {
    private static final List<String> WAYPOINTS = List.of("SouthWest", "SouthEast", "NorthEast", "NorthWest", "East");
    private final List<Process> robots = new ArrayList<>();
    private final List<Msg> log = new CopyOnWriteArrayList<>();
    private EmbeddedBroker broker;
    private MqttNode watcher;

    /** One message on fleet/claims/#: claim or release, by whom, when (System.nanoTime of the test). */
    private record Msg(String waypoint, String name, String holder, long atNs) {}

    @AfterEach
    void stop() {
        robots.forEach(Process::destroyForcibly);
        if (watcher != null) {
            watcher.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    private static Path launchFile(Path dir) throws java.io.IOException {
        Path examples = Path.of("examples").toAbsolutePath();
        String tree = Files.readString(examples.resolve("trees/fleet-patrol.xml"))
                .replace("<DriveTo x=\"{x}\" y=\"{y}\"/>", "<Sleep msec=\"1500\"/>")
                .replace("lease_ms=\"3000\"", "lease_ms=\"60000\"");
        assertThat(tree).contains("<Sleep msec=\"1500\"/>").contains("lease_ms=\"60000\"");
        Files.createDirectories(dir.resolve("trees"));
        Files.writeString(dir.resolve("trees/fleet-patrol.xml"), tree);
        String launch = Files.readString(examples.resolve("fleet-robot.launch.xml"))
                .replace("file=\"mission.scxml\"", "file=\"" + examples + "/mission.scxml\"")
                .replace("file=\"trees/dock.xml\"", "file=\"" + examples + "/trees/dock.xml\"")
                .replace("file=\"trees/charge.xml\"", "file=\"" + examples + "/trees/charge.xml\"")
                .replace("<mqtt broker=\"$(var broker)\" port=\"$(var mqtt_port)\"/>", "<mqtt broker=\"$(var broker)\" keepalive_s=\"2\"/>");
        assertThat(launch).contains("keepalive_s=\"2\"");
        Path f = dir.resolve("fleet-robot.launch.xml");
        Files.writeString(f, launch);
        return f;
    }

    @Test
    void threeRobotsShareTheRouteAndTakeOverAKilledRobotsWaypoint() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        broker = EmbeddedBroker.start(port);
        watcher = MqttNode.start(NodeConfig.builder("claims_watcher").broker(broker.url()).announceState(false).build());
        assertThat(watcher.awaitConnected(10_000)).isTrue();
        watcher.newRawSubscriber("/fleet/claims/+", Qos.AT_LEAST_ONCE, (topic, payload, retained) -> {
            try {
                Envelope e = Envelope.parseFrom(payload);
                log.add(new Msg(topic.substring(topic.lastIndexOf('/') + 1), e.getEvent().getName(), e.getSource(), System.nanoTime()));
            } catch (com.google.protobuf.InvalidProtocolBufferException ex) {
                throw new IllegalStateException(topic + ": not an Envelope", ex);
            }
        });
        Set<String> online = ConcurrentHashMap.newKeySet();
        watcher.newRawSubscriber("/+/controller/state", Qos.AT_LEAST_ONCE, (topic, payload, retained) -> {
            if ("online".equals(new String(payload, StandardCharsets.US_ASCII))) {
                online.add(topic);
            }
        });
        Path launch = launchFile(Files.createTempDirectory("canopy-fleet-claims-"));
        Path logs = Path.of("target", "fleet-claims");
        Files.createDirectories(logs);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (int i = 1; i <= 3; i++) {
            robots.add(new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    "io.canopy.launch.cli.CanopyMain", "run", launch.toString(), "--no-status", "--arg", "robot=robot" + i,
                    "--arg", "broker=" + broker.url()).redirectErrorStream(true)
                    .redirectOutput(logs.resolve("robot" + i + ".log").toFile()).start());
        }
        // three JVMs start at once: on a busy host that alone can take most of a minute, so the visits are timed from
        // the moment all three said online (their retained state), and then only a stall fails the test (no claim or
        // release for 20 s), not the total time a loaded host needs for the route
        awaitTrue(180, () -> online.size() == 3);
        // every waypoint visited (claimed, then released by the same robot), by at least two different robots overall
        awaitProgress(() -> visited(0).containsAll(WAYPOINTS));
        assertThat(log.stream().filter(m -> m.name.equals("release")).map(Msg::holder).distinct().count()).isGreaterThanOrEqualTo(2);

        // kill -9 a robot while it holds a waypoint (its last claim not released yet)
        String[] held = new String[2];
        awaitTrue(20, () -> {
            Map<String, Msg> last = lastPerWaypoint();
            for (Msg m : last.values()) {
                if (m.name.equals("claim") && m.holder.equals("robot2/controller")) {
                    held[0] = m.waypoint;
                    return true;
                }
            }
            return false;
        });
        robots.get(1).destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL: only the broker's Last Will says it is gone
        long killedNs = System.nanoTime();
        String orphan = held[0];
        // its lease (60 s) is far from over: only the Will frees the waypoint, and another robot visits it
        awaitProgress(() -> log.stream().anyMatch(m -> m.atNs > killedNs && m.waypoint.equals(orphan) && m.name.equals("release")
                && !m.holder.equals("robot2/controller")));
        long tookMs = (log.stream().filter(m -> m.atNs > killedNs && m.waypoint.equals(orphan) && m.name.equals("claim")
                && !m.holder.equals("robot2/controller")).findFirst().orElseThrow().atNs - killedNs) / 1_000_000;
        System.out.println("robot2 killed -9 holding " + orphan + "; claimed by another robot " + tookMs + " ms later");
        // after the kill, the two others keep visiting every waypoint
        awaitProgress(() -> visited(killedNs).containsAll(WAYPOINTS));
        assertThat(log.stream().filter(m -> m.atNs > killedNs + 1_000_000_000L).map(Msg::holder)).doesNotContain("robot2/controller");
        assertNoSharedVisits();
    }

    /** The waypoints released (visited) since {@code sinceNs}. */
    private Set<String> visited(long sinceNs) {
        Set<String> s = new TreeSet<>();
        for (Msg m : log) {
            if (m.atNs > sinceNs && m.name.equals("release")) {
                s.add(m.waypoint);
            }
        }
        return s;
    }

    private Map<String, Msg> lastPerWaypoint() {
        Map<String, Msg> last = new HashMap<>();
        for (Msg m : log) {
            last.put(m.waypoint, m);
        }
        return last;
    }

    /**
     * Others skip claimed waypoints: a robot only releases (ends a visit) when the last claim of that waypoint
     * the broker passed on was its own; had two robots believed they held it at once, the earlier claimant's
     * release would follow the later one's claim.
     */
    private void assertNoSharedVisits() {
        Map<String, String> lastClaimant = new HashMap<>();
        int releases = 0;
        for (Msg m : log) {
            if (m.name.equals("claim")) {
                lastClaimant.put(m.waypoint, m.holder);
            } else {
                assertThat(lastClaimant.get(m.waypoint)).as("release of %s by %s", m.waypoint, m.holder).isEqualTo(m.holder);
                releases++;
            }
        }
        assertThat(releases).isGreaterThanOrEqualTo(2 * WAYPOINTS.size());
    }

    /** Polls {@code condition} every 50 ms (a real fleet on the real clock: nothing to drive by hand). */
    /**
     * Waits for {@code condition} while the fleet makes progress: fails when no claim or release arrived for 20 s (a
     * stalled fleet), however long a busy host takes in total (each visit is a 1.5 s Sleep, so 20 s is many visits).
     */
    private void awaitProgress(BooleanSupplier condition) {
        long[] seen = {-1, System.nanoTime()};
        Awaitility.await("condition, with a claim or release at least every 20 s").forever()
                .pollInterval(Duration.ofMillis(50)).until(() -> {
                    if (condition.getAsBoolean()) {
                        return true;
                    }
                    long now = System.nanoTime();
                    if (log.size() != seen[0]) {
                        seen[0] = log.size();
                        seen[1] = now;
                    }
                    assertThat(now - seen[1]).as("the fleet stalled: no claim or release for 20 s; log " + log)
                            .isLessThan(20_000_000_000L);
                    return false;
                });
    }

    private static void awaitTrue(int seconds, BooleanSupplier condition) {
        Awaitility.await("condition within " + seconds + " s").atMost(Duration.ofSeconds(seconds))
                .pollInterval(Duration.ofMillis(50)).until(condition::getAsBoolean);
    }
}
