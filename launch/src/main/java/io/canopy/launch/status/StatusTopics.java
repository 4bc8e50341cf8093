package io.canopy.launch.status;

import com.google.protobuf.ByteString;
import io.canopy.launch.plan.MonitorPlan;
import io.canopy.launch.run.NodeView;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.proto.MachineLayout;
import io.canopy.proto.MachineState;
import io.canopy.proto.TreeLayout;
import io.canopy.proto.TreeNodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's full status on MQTT, from its own thread (never the tick's): each tree's {@link TreeNodes} on
 * {@code <robot>/status/trees/<tree>} and each machine's {@link MachineState} on
 * {@code <robot>/status/machines/<machine>}, at the node's status rate ({@code <status hz>}, default 5 Hz) and
 * within 50 ms of a change (at most 20 messages a second each); the trees' XML with UIDs and the machines'
 * SCXML retained once on {@code .../xml} and {@code .../scxml}. Telemetry QoS 0, layouts QoS 1.
 */
public final class StatusTopics implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatusTopics.class);
    private static final long POLL_MS = 50;

    private final NodeView probe;
    private final long periodNs;
    private final List<TreeTopic> trees = new ArrayList<>();
    private final List<MachineTopic> machines = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;
    private long published;

    private record TreeTopic(NodeView.TreeView view, Publisher<TreeNodes> pub, int crc, byte[] statuses, long[] seen) {}

    private record MachineTopic(NodeView.MachineView view, Publisher<MachineState> pub, MachineHistory history,
            Object[] seen) {}

    private StatusTopics(NodeView probe, MqttNode mqtt, double hz) {
        this.probe = probe;
        this.periodNs = (long) (1e9 / hz);
        String base = "/" + probe.name() + "/status/";
        for (NodeView.TreeView t : probe.trees()) {
            String xml = LayoutXml.of(t.observer());
            int crc = crc(xml);
            mqtt.newPublisher(base + "trees/" + t.name() + "/xml", TreeLayout.class, Qos.AT_LEAST_ONCE, true)
                    .publish(TreeLayout.newBuilder().setTree(t.name()).setXml(xml).setLayoutCrc(crc).build());
            trees.add(new TreeTopic(t, mqtt.newPublisher(base + "trees/" + t.name(), TreeNodes.class), crc,
                    new byte[t.observer().nodeCount()], new long[] {-1, 0}));
        }
        for (NodeView.MachineView m : probe.machines()) {
            String scxml = read(m);
            mqtt.newPublisher(base + "machines/" + m.name() + "/scxml", MachineLayout.class, Qos.AT_LEAST_ONCE, true)
                    .publish(MachineLayout.newBuilder().setMachine(m.name()).setScxml(scxml).build());
            machines.add(new MachineTopic(m, mqtt.newPublisher(base + "machines/" + m.name(), MachineState.class),
                    new MachineHistory(ScxmlOutline.parse(scxml, m.file().toString()), m.recorder(), probe::clockNs), new Object[] {null, 0L}));
        }
        thread = new Thread(this::loop, "canopy-status-" + probe.name());
        thread.setDaemon(true);
    }

    /** Starts publishing for the node behind {@code probe}; null when it has no MQTT or its status rate is 0. */
    public static StatusTopics start(NodeView probe) {
        MqttNode mqtt = probe.mqtt();
        MonitorPlan monitor = probe.plan().monitor();
        double hz = monitor == null ? MonitorPlan.DEFAULT_STATUS_HZ : monitor.statusHz();
        if (mqtt == null || hz <= 0) {
            return null;
        }
        StatusTopics s = new StatusTopics(probe, mqtt, hz);
        s.thread.start();
        return s;
    }

    static int crc(String text) {
        CRC32 c = new CRC32();
        c.update(text.getBytes(StandardCharsets.UTF_8));
        return (int) c.getValue();
    }

    private static String read(NodeView.MachineView m) {
        try {
            return Files.readString(m.file());
        } catch (IOException e) {
            return "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"/>"; // the file was read at load; gone now
        }
    }

    private void loop() {
        while (running) {
            publishDue(System.nanoTime(), false);
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Publishes what changed and what is due; {@code all} publishes everything (at close). */
    private void publishDue(long now, boolean all) {
        for (TreeTopic t : trees) {
            long written = t.view().observer().changes();
            boolean changed = written != t.seen()[0];
            if (all || changed || now - t.seen()[1] >= periodNs) {
                t.view().observer().copyStatuses(t.statuses(), null);
                int transitions = t.seen()[0] < 0 ? 0 : (int) Math.min(Integer.MAX_VALUE, written - t.seen()[0]);
                t.seen()[0] = written;
                t.seen()[1] = now;
                t.pub().publish(TreeNodes.newBuilder().setTree(t.view().name()).setTick(t.view().ticks())
                        .setStatuses(ByteString.copyFrom(t.statuses())).setActive(t.view().active())
                        .setTransitions(transitions).setLayoutCrc(t.crc()).build());
                published++;
            }
        }
        for (MachineTopic m : machines) {
            List<String> active = m.view().activeStates();
            boolean stepped = m.history().update(active, System.currentTimeMillis() * 1_000_000L);
            boolean changed = active != m.seen()[0] || stepped;
            if (all || changed || now - (long) m.seen()[1] >= periodNs) {
                m.seen()[0] = active;
                m.seen()[1] = now;
                m.pub().publish(MachineState.newBuilder().setMachine(m.view().name()).addAllActiveStates(active)
                        .addAllLastTransitions(m.history().last()).setTransitions(m.history().count()).build());
                published++;
            }
        }
    }

    /** Messages published so far. */
    public long published() {
        return published;
    }

    /** Stops the thread and publishes the final statuses (call before the MQTT connection closes). */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            publishDue(System.nanoTime(), true);
        } catch (RuntimeException e) {
            LOG.debug("last status not published: {}", e.toString());
        }
    }
}
