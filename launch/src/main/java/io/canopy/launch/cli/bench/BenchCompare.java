package io.canopy.launch.cli.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.InputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the side-by-side JMH jar of the {@code bench/} module ({@code bench/target/canopy-bench.jar}, built
 * with Maven first if missing) as a child process with {@code -prof gc}, and reads its JSON result: per
 * benchmark method ({@code canopy}, {@code gdxai}, {@code commonsScxml}) and parameter value, ns/op and B/op.
 */
final class BenchCompare {
    /** One JMH score: method, parameter value, ns per op, bytes allocated per op. */
    record Score(String engine, String param, double nsPerOp, double bytesPerOp) {}

    private BenchCompare() {}

    /** The checkout holding {@code bench/pom.xml}: above the running jar or classes, else above the working directory. */
    static Path checkout() {
        List<Path> starts = new ArrayList<>();
        try {
            starts.add(Path.of(BenchCompare.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (Exception e) {
            // no code source: try the working directory only
        }
        starts.add(Path.of("").toAbsolutePath());
        for (Path start : starts) {
            for (Path p = start; p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("bench/pom.xml")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                    return p;
                }
            }
        }
        throw new InputException("--compare needs the Canopy source checkout (bench/pom.xml) above "
                + Path.of("").toAbsolutePath() + " or the canopy jar; run it from the checkout");
    }

    /** Runs {@code benchmarkRegex} in the JMH jar; {@code jmhArgs} are passed on (times, iterations). */
    static List<Score> run(String benchmarkRegex, List<String> jmhArgs, PrintWriter progress) {
        Path root = checkout();
        Path jar = root.resolve("bench/target/canopy-bench.jar");
        try {
            if (!Files.isRegularFile(jar)) {
                progress.println("canopy: building " + jar + " (mvn -q -pl bench -am package -DskipTests)...");
                progress.flush();
                int built = new ProcessBuilder("mvn", "-B", "-q", "-ntp", "-Dstyle.color=never", "-pl", "bench", "-am",
                        "package", "-DskipTests").directory(root.toFile()).inheritIO().start().waitFor();
                if (built != 0 || !Files.isRegularFile(jar)) {
                    throw new InputException("building the bench module failed (exit " + built
                            + "); run `mvn -pl bench -am package -DskipTests` in " + root + " to see why");
                }
            }
            Path result = Files.createTempFile("canopy-jmh", ".json");
            try {
                List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Dcanopy.bench.trees=" + root.resolve("bench/trees"), "-jar", jar.toString(), benchmarkRegex,
                        "-prof", "gc", "-rf", "json", "-rff", result.toString()));
                cmd.addAll(jmhArgs);
                progress.println("running " + String.join(" ", cmd));
                progress.flush();
                Process jmh = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                int exit = jmh.waitFor();
                if (exit != 0) {
                    throw new InputException("the JMH run exited with " + exit + "; run the command above to see its output");
                }
                return parse(Files.readString(result));
            } finally {
                Files.deleteIfExists(result);
            }
        } catch (IOException e) {
            throw new InputException("cannot run the bench jar " + jar + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputException("interrupted while running " + jar);
        }
    }

    /** Reads JMH's JSON result (one object per benchmark and parameter set). */
    static List<Score> parse(String json) {
        List<Score> scores = new ArrayList<>();
        for (JsonElement e : JsonParser.parseString(json).getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            String method = o.get("benchmark").getAsString();
            method = method.substring(method.lastIndexOf('.') + 1);
            JsonObject params = o.getAsJsonObject("params");
            String param = params == null || params.size() == 0 ? ""
                    : params.entrySet().iterator().next().getValue().getAsString();
            double ns = o.getAsJsonObject("primaryMetric").get("score").getAsDouble();
            JsonObject secondary = o.getAsJsonObject("secondaryMetrics");
            double bytes = secondary != null && secondary.has("gc.alloc.rate.norm")
                    ? secondary.getAsJsonObject("gc.alloc.rate.norm").get("score").getAsDouble() : Double.NaN;
            scores.add(new Score(method, param, ns, bytes));
        }
        return scores;
    }

    /** Scores by parameter value, then by engine (method name), in the order they came. */
    static Map<String, Map<String, Score>> byParam(List<Score> scores) {
        Map<String, Map<String, Score>> table = new LinkedHashMap<>();
        for (Score s : scores) {
            table.computeIfAbsent(s.param(), k -> new LinkedHashMap<>()).put(s.engine(), s);
        }
        return table;
    }

}
