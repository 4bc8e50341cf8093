package io.canopy.launch.web;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.status.LayoutXml;
import io.canopy.launch.status.MachineHistory;
import io.canopy.launch.status.ScxmlOutline;
import io.canopy.launch.status.TreeShape;
import io.canopy.proto.LinkStatus;
import io.canopy.proto.MachineTransition;
import io.canopy.tick.stats.TimerStats;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.HdrHistogram.Histogram;

/**
 * The robots of this process ({@code canopy run --web}): sampled from their {@link NodeView}s on the hub's
 * thread, never on the tick. Structure (trees, machines) is read once; statuses at each sample.
 */
final class LocalRobots implements RobotSource {
    private static final long WINDOW_NS = 500_000_000L;
    private final List<Robot> robots = new ArrayList<>();
    private final LogRing log;

    private static final class Robot {
        final NodeView probe;
        final List<NodeView.TreeView> trees;
        final List<NodeView.MachineView> machines;
        final Map<String, String> xml = new LinkedHashMap<>();
        final Map<String, String> scxml = new LinkedHashMap<>();
        final JsonObject treeShapes = new JsonObject();
        final JsonObject machineShapes = new JsonObject();
        final Map<String, MachineHistory> histories = new HashMap<>();
        final Map<String, byte[]> statuses = new HashMap<>();
        final Map<String, long[]> linkFrames = new HashMap<>();
        final Map<String, Histogram> lastLateness = new HashMap<>();
        final Map<String, long[]> recent = new HashMap<>();
        long windowStartNs;

        Robot(NodeView probe) {
            this.probe = probe;
            this.trees = probe.trees();
            this.machines = probe.machines();
            for (NodeView.TreeView t : trees) {
                String x = LayoutXml.of(t.observer());
                xml.put(t.name(), x);
                treeShapes.add(t.name(), Shapes.tree(TreeShape.parse(x)));
                statuses.put(t.name(), new byte[t.observer().nodeCount()]);
            }
            for (NodeView.MachineView m : machines) {
                String text;
                try {
                    text = Files.readString(m.file());
                } catch (IOException e) {
                    text = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"/>";
                }
                scxml.put(m.name(), text);
                ScxmlOutline outline = ScxmlOutline.parse(text, m.file().toString());
                machineShapes.add(m.name(), Shapes.machine(outline));
                histories.put(m.name(), new MachineHistory(outline, m.recorder(), probe::clockNs));
            }
        }
    }

    LocalRobots(List<NodeView> probes, LogRing log) {
        for (NodeView p : probes) {
            robots.add(new Robot(p));
        }
        this.log = log;
    }

    @Override
    public Map<String, JsonObject> sample() {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        long now = System.nanoTime();
        long epochMs = System.currentTimeMillis();
        for (Robot r : robots) {
            JsonObject o = new JsonObject();
            o.addProperty("online", true);
            o.addProperty("lastSeenMs", epochMs);
            o.add("trees", r.treeShapes);
            JsonObject ts = new JsonObject();
            for (NodeView.TreeView t : r.trees) {
                byte[] s = r.statuses.get(t.name());
                t.observer().copyStatuses(s, null);
                JsonObject st = new JsonObject();
                st.addProperty("s", Shapes.letters(s, s.length));
                st.addProperty("active", t.active());
                ts.add(t.name(), st);
            }
            o.add("treeStatus", ts);
            o.add("machines", r.machineShapes);
            JsonObject ms = new JsonObject();
            for (NodeView.MachineView m : r.machines) {
                List<String> active = m.activeStates();
                MachineHistory h = r.histories.get(m.name());
                h.update(active, epochMs * 1_000_000L);
                ms.add(m.name(), machineState(active, h.last(), h.count()));
            }
            o.add("machineState", ms);
            o.add("timers", timers(r, now));
            o.add("links", links(r, now));
            double[] b = r.probe.battery();
            if (b != null) {
                JsonObject bo = new JsonObject();
                bo.addProperty("percent", round(b[0], 1));
                bo.addProperty("voltage", round(b[1], 2));
                o.add("battery", bo);
            }
            double[] p = r.probe.pose();
            if (p != null) {
                JsonObject po = new JsonObject();
                po.addProperty("x", round(p[0], 3));
                po.addProperty("y", round(p[1], 3));
                po.addProperty("theta", round(p[2], 3));
                o.add("pose", po);
            }
            JsonObject bb = new JsonObject();
            r.probe.blackboardText().forEach(bb::addProperty);
            o.add("blackboard", bb);
            o.add("log", log.json());
            out.put(r.probe.name(), o);
        }
        return out;
    }

    static JsonObject machineState(List<String> active, List<MachineTransition> last, long count) {
        JsonObject s = new JsonObject();
        JsonArray a = new JsonArray();
        active.forEach(a::add);
        s.add("active", a);
        JsonArray ts = new JsonArray();
        for (MachineTransition t : last) {
            JsonObject to = new JsonObject();
            to.addProperty("from", String.join(",", t.getFromList()));
            to.addProperty("to", String.join(",", t.getToList()));
            to.addProperty("event", t.getEvent());
            to.addProperty("t", t.getStampNs() / 1_000_000L);
            ts.add(to);
        }
        s.add("last", ts);
        s.addProperty("count", count);
        return s;
    }

    private static JsonArray timers(Robot r, long now) {
        JsonArray out = new JsonArray();
        boolean newWindow = now - r.windowStartNs >= WINDOW_NS;
        if (newWindow) {
            r.windowStartNs = now;
        }
        for (TimerStats s : r.probe.timerStats()) {
            if (newWindow) {
                Histogram h = s.latenessHistogram();
                Histogram prev = r.lastLateness.put(s.name(), h);
                Histogram window = h.copy();
                if (prev != null) {
                    window.subtract(prev);
                }
                r.recent.put(s.name(), new long[] {window.getValueAtPercentile(99), window.getMaxValue(), window.getTotalCount()});
            }
            long[] w = r.recent.getOrDefault(s.name(), new long[3]);
            JsonObject t = new JsonObject();
            t.addProperty("name", s.name());
            t.addProperty("hz", s.rate().hz());
            t.addProperty("ticks", s.ticks());
            t.addProperty("p50Us", round(s.latenessNsAt(50) / 1e3, 1));
            t.addProperty("p99Us", round(s.latenessNsAt(99) / 1e3, 1));
            t.addProperty("maxUs", round(s.maxLatenessNs() / 1e3, 1));
            t.addProperty("recentP99Us", round(w[0] / 1e3, 1));
            t.addProperty("recentMaxUs", round(w[1] / 1e3, 1));
            t.addProperty("overruns", s.overruns());
            t.addProperty("missed", s.missed());
            out.add(t);
        }
        return out;
    }

    private static JsonArray links(Robot r, long now) {
        JsonArray out = new JsonArray();
        for (LinkStatus l : r.probe.linkStatuses()) {
            long[] prev = r.linkFrames.computeIfAbsent(l.getLink(), k -> new long[] {l.getFramesReceived(), now, 0});
            if (now - prev[1] >= WINDOW_NS) {
                prev[2] = Math.round((l.getFramesReceived() - prev[0]) * 1e9 / (now - prev[1]));
                prev[0] = l.getFramesReceived();
                prev[1] = now;
            }
            out.add(BrokerRobots.link(l, prev[2]));
        }
        return out;
    }

    static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Double.isFinite(v) ? Math.round(v * f) / f : 0;
    }

    private Robot find(String robot, Predicate<Robot> has) {
        for (Robot r : robots) {
            if ((robot == null || r.probe.name().equals(robot)) && has.test(r)) {
                return r;
            }
        }
        return null;
    }

    @Override
    public String treeXml(String robot, String tree) {
        Robot r = find(robot, x -> x.xml.containsKey(tree));
        return r == null ? null : r.xml.get(tree);
    }

    @Override
    public String scxml(String robot, String machine) {
        Robot r = find(robot, x -> x.scxml.containsKey(machine));
        return r == null ? null : r.scxml.get(machine);
    }

    @Override
    public boolean sendEvent(String robot, String event) {
        Robot r = find(robot, x -> true);
        return r != null && r.probe.sendEvent(event);
    }

    @Override
    public boolean canControl() {
        return true;
    }
}
