package io.canopy.launch.cli.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The table of {@code canopy bench fsm --compare}: Canopy and Commons SCXML 0.9 per bench machine, from one JMH run. */
final class FsmCompareTable {
    private FsmCompareTable() {}

    static void render(List<BenchCompare.Score> scores, boolean json, PrintWriter out) {
        out.printf(Locale.ROOT, "%-22s %13s %13s %15s %15s %12s%n", "machine/event", "canopy ns", "canopy B",
                "commons ns", "commons B", "commons/canopy");
        JsonArray rows = new JsonArray();
        for (Map.Entry<String, Map<String, BenchCompare.Score>> row : BenchCompare.byParam(scores).entrySet()) {
            BenchCompare.Score c = row.getValue().get("canopy");
            BenchCompare.Score s = row.getValue().get("commonsScxml");
            if (c == null || s == null) {
                continue;
            }
            out.printf(Locale.ROOT, "%-22s %13.1f %13.3f %15.1f %15.1f %11.0fx%n", row.getKey(), c.nsPerOp(),
                    c.bytesPerOp(), s.nsPerOp(), s.bytesPerOp(), s.nsPerOp() / c.nsPerOp());
            JsonObject o = new JsonObject();
            o.addProperty("name", row.getKey());
            o.addProperty("canopy_ns_per_event", c.nsPerOp());
            o.addProperty("canopy_alloc_bytes_per_event", c.bytesPerOp());
            o.addProperty("commons_scxml_ns_per_event", s.nsPerOp());
            o.addProperty("commons_scxml_alloc_bytes_per_event", s.bytesPerOp());
            rows.add(o);
        }
        if (json) {
            JsonObject all = new JsonObject();
            all.add("machines", rows);
            out.println(all);
        }
        out.flush();
    }
}
