package io.canopy.launch.cli.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import io.canopy.launch.cli.bench.TreeBench;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table of {@code canopy bench tree --compare}: for each bench tree, Canopy's and gdx-ai's ns per node
 * tick and bytes per root tick from one JMH run of the {@code bench/} module, and gdx-ai / Canopy.
 */
final class TreeCompareTable {
    private TreeCompareTable() {}

    static int print(BenchTreeCommand options, PrintWriter out) {
        OptionCheck.atLeast("canopy bench tree", "--warmup-ms", options.warmupMs, 0);
        OptionCheck.positive("canopy bench tree", "--measure-ms", options.measureMs);
        OptionCheck.atLeast("canopy bench tree", "--rounds", options.rounds, 1);
        List<String> jmhArgs = List.of("-f", "1", "-wi", options.warmupMs == 0 ? "0" : "1", "-w",
                Math.max(1, options.warmupMs) + "ms", "-i", Integer.toString(options.rounds), "-r",
                Math.max(1, options.measureMs / options.rounds) + "ms");
        List<BenchCompare.Score> scores = BenchCompare.run("TreeCompareBenchmark", jmhArgs, out);
        render(scores, BenchCompare.checkout().resolve("bench/trees"), options.json, out);
        return CanopyMain.EXIT_OK;
    }

    /** Prints the table (and with {@code json} one JSON line) of JMH scores; node ticks are counted on the tree files in {@code trees}. */
    static void render(List<BenchCompare.Score> scores, Path trees, boolean json, PrintWriter out) {
        Map<String, Map<String, BenchCompare.Score>> table = BenchCompare.byParam(scores);
        out.printf(Locale.ROOT, "%-18s %8s %13s %13s %13s %13s %10s%n", "tree", "nodes", "canopy ns/node",
                "canopy B/tick", "gdx-ai ns/node", "gdx-ai B/tick", "gdx/canopy");
        JsonArray rows = new JsonArray();
        for (Map.Entry<String, Map<String, BenchCompare.Score>> row : table.entrySet()) {
            double nodes = TreeBench.countNodeTicks(trees.resolve(row.getKey() + ".xml"));
            BenchCompare.Score canopy = row.getValue().get("canopy");
            BenchCompare.Score gdx = row.getValue().get("gdxai");
            double cNs = canopy == null ? Double.NaN : canopy.nsPerOp() / nodes;
            double gNs = gdx == null ? Double.NaN : gdx.nsPerOp() / nodes;
            out.printf(Locale.ROOT, "%-18s %8.0f %13s %13s %13s %13s %10s%n", row.getKey(), nodes, fmt(cNs, 2),
                    canopy == null ? "-" : fmt(canopy.bytesPerOp(), 3), fmt(gNs, 2),
                    gdx == null ? "-" : fmt(gdx.bytesPerOp(), 3),
                    canopy == null || gdx == null ? "-" : fmt(gNs / cNs, 2) + "x");
            JsonObject o = new JsonObject();
            o.addProperty("tree", row.getKey());
            o.addProperty("node_ticks_per_root_tick", nodes);
            add(o, "canopy_ns_per_node_tick", cNs);
            add(o, "canopy_alloc_bytes_per_tick", canopy == null ? Double.NaN : canopy.bytesPerOp());
            add(o, "gdxai_ns_per_node_tick", gNs);
            add(o, "gdxai_alloc_bytes_per_tick", gdx == null ? Double.NaN : gdx.bytesPerOp());
            rows.add(o);
        }
        if (scores.stream().anyMatch(s -> s.engine().equals("gdxai"))) {
            out.println("gdx-ai 1.8.2 ran in the same JMH run; ns/node divides both by Canopy's node ticks. reactive-running on"
                    + " gdx-ai is a DynamicGuardSelector whose action is guarded by a Sequence of the 10 conditions (one task more).");
        } else {
            out.println("gdx-ai was not in this run: bench/target/canopy-bench.jar has no gdxai benchmark; rebuild it with"
                    + " `mvn -pl bench -am package -DskipTests` (see docs/performance.md).");
        }
        out.println("B/tick is JMH -prof gc (all JVM threads / ops): a constant ~6 KB/s of harness allocation shows as"
                + " a few hundredths of a byte on slow ops; it is not the tree's.");
        if (json) {
            JsonObject all = new JsonObject();
            all.add("trees", rows);
            out.println(all);
        }
        out.flush();
    }

    private static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static void add(JsonObject o, String key, double v) {
        if (Double.isNaN(v)) {
            o.add(key, JsonNull.INSTANCE);
        } else {
            o.addProperty(key, Math.round(v * 10_000) / 10_000.0);
        }
    }
}
