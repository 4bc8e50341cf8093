package io.canopy.launch.web;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.canopy.launch.status.ScxmlOutline;
import io.canopy.launch.status.TreeShape;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The structure sections of a robot's JSON, the same from a node and from the broker. */
final class Shapes {
    private static final char[] LETTERS = {'I', 'R', 'S', 'F', 'K'};

    private Shapes() {}

    /** A tree's nodes ({@code uid name type parent path}) and the declared ports of its node types. */
    static JsonObject tree(TreeShape shape) {
        JsonObject t = new JsonObject();
        JsonArray nodes = new JsonArray();
        for (TreeShape.Node n : shape.nodes()) {
            JsonObject o = new JsonObject();
            o.addProperty("uid", n.uid());
            o.addProperty("name", n.name());
            o.addProperty("type", n.type());
            o.addProperty("parent", n.parent());
            o.addProperty("path", n.path());
            if (!n.ports().isEmpty()) {
                JsonObject a = new JsonObject();
                new TreeMap<>(n.ports()).forEach(a::addProperty);
                o.add("attrs", a);
            }
            nodes.add(o);
        }
        t.add("nodes", nodes);
        JsonObject ports = new JsonObject();
        for (Map.Entry<String, List<TreeShape.Port>> e : shape.ports().entrySet()) {
            JsonArray list = new JsonArray();
            for (TreeShape.Port p : e.getValue()) {
                JsonObject o = new JsonObject();
                o.addProperty("dir", p.direction().replace("_port", ""));
                o.addProperty("name", p.name());
                if (p.defaultValue() != null) {
                    o.addProperty("default", p.defaultValue());
                }
                if (!p.description().isEmpty()) {
                    o.addProperty("description", p.description());
                }
                list.add(o);
            }
            ports.add(e.getKey(), list);
        }
        t.add("ports", ports);
        return t;
    }

    /** A machine's states ({@code id parent kind transitions}). */
    static JsonObject machine(ScxmlOutline outline) {
        JsonObject m = new JsonObject();
        JsonArray states = new JsonArray();
        for (ScxmlOutline.State s : outline.states()) {
            JsonObject o = new JsonObject();
            o.addProperty("id", s.id());
            if (s.parent() != null) {
                o.addProperty("parent", s.parent());
            }
            o.addProperty("kind", s.kind());
            JsonArray ts = new JsonArray();
            for (ScxmlOutline.Transition t : s.transitions()) {
                JsonObject to = new JsonObject();
                to.addProperty("event", t.event());
                to.addProperty("target", t.target());
                ts.add(to);
            }
            o.add("transitions", ts);
            states.add(o);
        }
        m.add("states", states);
        return m;
    }

    /** Statuses as letters, one per uid - 1: I idle, R running, S success, F failure, K skipped. */
    static String letters(byte[] statuses, int count) {
        char[] c = new char[count];
        for (int i = 0; i < count; i++) {
            int s = statuses[i];
            c[i] = s >= 0 && s < LETTERS.length ? LETTERS[s] : '?';
        }
        return new String(c);
    }
}
