package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.bt.NodeRegistry;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.report.MonitorOptions;
import io.canopy.launch.report.TreeMonitoring;
import io.canopy.testkit.ZmtpReqClient;
import io.canopy.tick.ManualNanoClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The "done when", on 30 s of the demo (the patrol robot on the in-process simulator, stepped in lockstep
 * on the manual clock): a Groot2 client written from groot2_protocol.h reads the tree and sees statuses change
 * while the robot patrols (polled at 10 Hz of the node's time); the patrol tree's .btlog, read with the
 * FileLogger2 layout BT.CPP documents, holds the same transitions as the console trace; the console trace shows
 * the mission machine's steps; the Perfetto JSON parses with Gson and every event has the fields of its phase.
 */
class ObservedDemoTest {
    private static final long STEP_NS = DiffDriveSim.stepNs();
    private static final Pattern TRACE_LINE = Pattern.compile("\\[\\s*([0-9.]+)\\] (\\S+)  (.+)  (\\w+) -> (\\w+)");
    private final ManualNanoClock clock = new ManualNanoClock();
    private NodeRuntime node;
    private TreeMonitoring monitoring;

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        if (node != null) {
            node.shutdown(1_000_000_000L);
        }
        if (monitoring != null) {
            monitoring.close();
        }
    }

    static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int p;
            try (ServerSocket s = new ServerSocket(0)) {
                p = s.getLocalPort();
            }
            try (ServerSocket s2 = new ServerSocket(p + 1)) {
                return p;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no two free consecutive ports");
    }

    private static void await(SerialLink from, SerialLink to) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (from.framesSent() < from.framesQueued() || to.framesReceived() + to.badFrames() < from.framesSent()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("frames stuck on the in-process cable");
            }
            Thread.onSpinWait();
        }
    }

    /** A Groot2 request's first frame, from groot2_protocol.h: protocol (u8) 2, type (u8), unique id (u32, little-endian). */
    private static byte[] header(char type, int id) {
        return ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put((byte) 2).put((byte) type).putInt(id).array();
    }

    @Test
    void thirtySecondsOfTheDemoAsGroot2TheBtlogTheTraceAndPerfettoSeeThem() throws Exception {
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", String.valueOf(PatrolDemoTest.freePort()), "battery", "24"));
        node = NodeRuntime.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(), NodeTap.NONE);
        int port = freePortPair();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path logs = dir.resolve("logs");
        Path json = dir.resolve("demo.json");
        monitoring = TreeMonitoring.attach(node.view().treeSlots(), node.view().machineSlots(), node.ticker(), new MonitorOptions(port, logs, "", json),
                new PrintStream(console, true, StandardCharsets.UTF_8));
        node.startManual();
        LinkRuntime base = node.view().linkRuntime("base");
        DiffDriveSim sim = base.sim;
        long open = System.nanoTime() + 5_000_000_000L;
        while (!(sim.link().isConnected() && base.link.isConnected()) && System.nanoTime() < open) {
            Thread.onSpinWait();
        }

        // the tree as Groot2 asks for it: uid -> node name
        Map<Integer, String> names = new HashMap<>();
        Set<String> statusesSeen = new LinkedHashSet<>();
        Set<String> runningSeen = new LinkedHashSet<>();
        int id = 1;
        try (ZmtpReqClient groot2 = new ZmtpReqClient(port, 5000)) {
            List<byte[]> tree = groot2.exchange(header('T', id));
            assertThat(tree.get(0)).hasSize(22);
            assertThat(ByteBuffer.wrap(tree.get(0)).order(ByteOrder.LITTLE_ENDIAN).getInt(2)).isEqualTo(id);
            NodeList all = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(tree.get(1))).getElementsByTagName("*");
            for (int i = 0; i < all.getLength(); i++) {
                Element e = (Element) all.item(i);
                if (!e.getAttribute("_uid").isEmpty()) {
                    names.put(Integer.parseInt(e.getAttribute("_uid")),
                            e.getAttribute("name").isEmpty() ? e.getTagName() : e.getAttribute("name"));
                }
            }
            assertThat(names).containsValues("SouthWest", "SouthEast", "Route");

            for (long i = 0; i < 30L * 1_000_000_000L / STEP_NS; i++) {
                sim.step(clock.nanoTime() + STEP_NS);
                await(sim.link(), base.link);
                node.control().advance(STEP_NS);
                await(base.link, sim.link());
                if (i % (100_000_000L / STEP_NS) == 0) { // 10 Hz of the node's clock
                    List<byte[]> status = groot2.exchange(header('S', ++id));
                    assertThat(ByteBuffer.wrap(status.get(0)).order(ByteOrder.LITTLE_ENDIAN).getInt(2)).isEqualTo(id);
                    byte[] s = status.get(1);
                    assertThat(s.length).isEqualTo(3 * names.size());
                    statusesSeen.add(java.util.Arrays.toString(s));
                    ByteBuffer b = ByteBuffer.wrap(s).order(ByteOrder.LITTLE_ENDIAN);
                    while (b.hasRemaining()) {
                        int uid = b.getShort() & 0xFFFF;
                        if (b.get() == 1) {
                            runningSeen.add(names.get(uid));
                        }
                    }
                }
            }
        }
        assertThat(statusesSeen.size()).as("distinct status replies while patrolling").isGreaterThan(3);
        assertThat(runningSeen).as("waypoints seen RUNNING by the Groot2 client").contains("SouthWest", "SouthEast");
        String mission = node.view().machineSlots().get(0).stateText();
        node.shutdown(1_000_000_000L);
        node = null;
        monitoring.close();
        monitoring = null;

        // the .btlog, read with the layout of BT.CPP's FileLogger2
        byte[] file = Files.readAllBytes(logs.resolve("patrol.btlog"));
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[18];
        b.get(magic);
        assertThat(new String(magic, StandardCharsets.US_ASCII)).isEqualTo("BTCPP4-FileLogger2");
        assertThat(b.get()).isEqualTo((byte) 1);
        byte[] xml = new byte[b.getInt()];
        b.get(xml);
        assertThat(new String(xml, StandardCharsets.UTF_8)).contains("SouthWest").contains("_uid=");
        long firstUsec = b.getLong();
        assertThat(firstUsec).isGreaterThan(1_600_000_000_000_000L);
        assertThat(b.remaining() % 9).isZero();
        String[] statusNames = {"IDLE", "RUNNING", "SUCCESS", "FAILURE", "SKIPPED"};
        List<String> btlog = new ArrayList<>();
        long lastUsec = -1;
        while (b.hasRemaining()) {
            long usec = 0;
            for (int k = 0; k < 6; k++) {
                usec |= (long) (b.get() & 0xFF) << (8 * k);
            }
            int uid = b.getShort() & 0xFFFF;
            int status = b.get();
            assertThat(usec).isGreaterThanOrEqualTo(lastUsec);
            lastUsec = usec;
            btlog.add(names.get(uid) + " " + statusNames[status]);
        }
        assertThat(lastUsec / 1e6).as("the log spans the run").isGreaterThan(5);

        // the console trace of the same tree: the same transitions, in the same order
        List<String> traced = new ArrayList<>();
        List<String> machineLines = new ArrayList<>();
        for (String line : console.toString(StandardCharsets.UTF_8).split("\n")) {
            Matcher m = TRACE_LINE.matcher(line);
            if (m.matches() && m.group(2).equals("patrol")) {
                String path = m.group(3);
                traced.add(path.substring(path.lastIndexOf('/') + 1) + " " + m.group(5));
            } else if (line.contains("] mission  ")) {
                machineLines.add(line.substring(line.indexOf("] mission  ") + 11));
            }
        }
        assertThat(traced).as("console: %s", console.toString(StandardCharsets.UTF_8).lines().limit(5).toList()).isNotEmpty();
        assertThat(btlog).hasSizeGreaterThan(20);
        assertThat(btlog).isEqualTo(traced);
        // the mission's steps: its start, the battery running low (24 % at the start), the shutdown's exits
        assertThat(machineLines).startsWith("enter Mission", "enter Patrol");
        assertThat(machineLines).containsSubsequence("transition Patrol -> ReturnToDock on battery [_event.data < 20]",
                "exit Patrol", "enter ReturnToDock");
        assertThat(machineLines).endsWith("exit " + mission, "exit Mission");

        // the Perfetto JSON
        List<JsonObject> events = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(json)) {
            JsonArray all = JsonParser.parseReader(r).getAsJsonArray();
            for (JsonElement e : all) {
                JsonObject o = e.getAsJsonObject();
                String ph = o.get("ph").getAsString();
                assertThat(ph).isIn("X", "i", "B", "E", "C", "M");
                assertThat(o.get("pid").getAsInt()).isEqualTo(1);
                if (!ph.equals("M")) {
                    assertThat(o.get("ts").getAsDouble()).isGreaterThanOrEqualTo(0);
                }
                if (!ph.equals("C") && !ph.equals("M") || ph.equals("M") && o.has("tid")) {
                    assertThat(o.get("tid").getAsInt()).isPositive();
                }
                if (!ph.equals("E")) {
                    assertThat(o.get("name").getAsString()).isNotEmpty();
                }
                if (ph.equals("X")) {
                    assertThat(o.get("dur").getAsDouble()).isGreaterThanOrEqualTo(0);
                }
                events.add(o);
            }
        }
        long patrolTicks = events.stream().filter(e -> named(e, "patrol tick")).count();
        long missionTicks = events.stream().filter(e -> named(e, "mission tick")).count();
        long lateness = events.stream().filter(e -> e.get("ph").getAsString().equals("C") && named(e, "control lateness")).count();
        // 30 s of the 50 Hz control timer: 1500 ticks
        assertThat(missionTicks).as("a slice per control tick of the machine").isBetween(1499L, 1501L);
        assertThat(lateness).as("a lateness sample per control tick").isBetween(1499L, 1501L);
        assertThat(patrolTicks).as("the patrol tree ticks while the mission patrols").isBetween(300L, 1500L);
        long patrolInstants = events.stream().filter(e -> e.get("ph").getAsString().equals("i")
                && e.has("args") && e.getAsJsonObject("args").has("path") && e.get("tid").getAsInt() == tidOf(events, "patrol"))
                .count();
        assertThat(patrolInstants).as("the patrol tree's transitions in the trace JSON").isEqualTo(btlog.size());
    }

    private static boolean named(JsonObject e, String name) {
        return e.has("name") && e.get("name").getAsString().equals(name);
    }

    private static int tidOf(List<JsonObject> events, String track) {
        return events.stream().filter(e -> e.get("ph").getAsString().equals("M") && e.has("tid")
                && e.getAsJsonObject("args").get("name").getAsString().equals(track)).findFirst().orElseThrow()
                .get("tid").getAsInt();
    }
}
