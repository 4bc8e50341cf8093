package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.ExpressionSyntaxException;
import io.canopy.expr.Expressions;
import io.canopy.expr.MapScope;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Differential test of the ECMAScript dialect against a real ECMAScript engine: every script of a corpus
 * (hand-written, {@code ecma/corpus.txt}, plus every binary and unary operator over a grid of operands) is
 * evaluated by Canopy and, in one {@code node} process for the whole corpus, by V8; the results are
 * compared (a script both refuse as a syntax error agrees). A script Canopy refuses to compile is counted (a refusal is safe: the document fails to load or
 * raises error.execution); a script that compiles and then gives another value, or fails where node does
 * not, is a mismatch and fails the test. Skipped with a message when {@code node} is not on the PATH.
 */
class EcmaDifferentialTest {
    /** The variables every script sees, written as ECMAScript (node) and as a Canopy setup script. */
    static final String[] NAMES = {"x", "y", "s", "e", "ns", "n", "u", "t", "f", "arr", "obj"};
    static final String SETUP = "x = 5; y = 2.5; s = 'abc'; e = ''; ns = '42'; n = null; t = true; f = false; "
            + "arr = [1, 2, 3]; obj = {a: 1, b: 'two', c: {d: 4}}";

    private static final String NODE_PROGRAM = String.join("\n",
            "const scripts = JSON.parse(require('fs').readFileSync(0, 'utf8'));",
            "const out = scripts.map(src => {",
            "  try {",
            "    const r = (function () { var x, y, s, e, ns, n, u, t, f, arr, obj; " + SETUP + "; return eval(src); })();",
            "    const t = typeof r;",
            "    if (t === 'object' && r !== null) return {t: 'object', j: JSON.stringify(r)};",
            "    if (t === 'function') return {t: t};",
            "    return {t: t, v: r === null ? 'null' : String(r)};",
            "  } catch (err) { return {t: 'error', v: String(err)}; }",
            "});",
            "process.stdout.write(JSON.stringify(out));");

    static List<String> corpus() throws IOException {
        List<String> out = new ArrayList<>();
        try (InputStream in = EcmaDifferentialTest.class.getResourceAsStream("/ecma/corpus.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line);
                }
            }
        }
        String[] operands = {"0", "1", "-1", "2.5", "'3'", "''", "'abc'", "true", "false", "null", "undefined", "x",
            "ns", "arr", "obj", "[]", "[7]", "NaN", "s"};
        String[] binary = {"+", "-", "*", "/", "%", "==", "!=", "===", "!==", "<", ">", "<=", ">=", "&&", "||", "&", "|",
            "^", "<<", ">>", ">>>", "**"};
        for (String op : binary) {
            for (String a : operands) {
                for (String b : operands) {
                    out.add(a + " " + op + " " + b);
                }
            }
        }
        for (String op : new String[] {"-", "+", "!", "~", "typeof "}) {
            for (String a : operands) {
                out.add(op + a);
            }
        }
        return out;
    }

    static JsonArray runNode(List<String> scripts) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("node", "-e", NODE_PROGRAM).redirectErrorStream(false).start();
        } catch (IOException e) {
            return null;
        }
        try (OutputStream in = p.getOutputStream()) {
            in.write(new Gson().toJson(scripts).getBytes(StandardCharsets.UTF_8));
        }
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("node finished").isTrue();
        assertThat(p.exitValue()).as("node exit status; stderr: %s", err).isZero();
        return JsonParser.parseString(new String(out, StandardCharsets.UTF_8)).getAsJsonArray();
    }

    /** Canopy's result in node's shape, or null when Canopy refuses the script. */
    static JsonObject canopy(String src) {
        MapScope scope = new MapScope();
        for (String name : NAMES) {
            scope.declare(name, null);
        }
        Expressions.compile(SETUP, scope, Dialect.ECMASCRIPT).execute();
        CompiledExpression ce;
        try {
            ce = Expressions.compile(src, scope, Dialect.ECMASCRIPT);
        } catch (ExpressionSyntaxException e) {
            return null;
        }
        JsonObject r = new JsonObject();
        Object v;
        try {
            v = ce.evalObject();
        } catch (RuntimeException e) {
            r.addProperty("t", "error");
            r.addProperty("v", e.getMessage());
            return r;
        }
        if (v == Expressions.UNDEFINED) {
            r.addProperty("t", "undefined");
            r.addProperty("v", "undefined");
        } else if (v == null || v == Expressions.NULL) {
            r.addProperty("t", "object");
            r.addProperty("v", "null");
        } else if (v instanceof Boolean) {
            r.addProperty("t", "boolean");
            r.addProperty("v", v.toString());
        } else if (v instanceof Number) {
            r.addProperty("t", "number");
            r.addProperty("v", v.toString());
        } else if (v instanceof String) {
            r.addProperty("t", "string");
            r.addProperty("v", (String) v);
        } else {
            r.addProperty("t", "object");
            r.add("json", new Gson().toJsonTree(v));
        }
        return r;
    }

    static boolean same(JsonObject node, JsonObject ours) {
        String t = node.get("t").getAsString();
        if (!t.equals(ours.get("t").getAsString())) {
            return false;
        }
        switch (t) {
            case "error":
                return true;
            case "number":
                double a = Double.parseDouble(node.get("v").getAsString());
                double b = Double.parseDouble(ours.get("v").getAsString());
                return Double.isNaN(a) ? Double.isNaN(b) : a == b;
            case "object":
                if (node.has("j")) {
                    return ours.has("json") && JsonParser.parseString(node.get("j").getAsString()).equals(ours.get("json"));
                }
                return !ours.has("json") && node.get("v").equals(ours.get("v"));
            default:
                return node.get("v").equals(ours.get("v"));
        }
    }

    @Test
    void canopyAgreesWithNodeOnEveryScriptItCompiles() throws Exception {
        List<String> scripts = corpus();
        JsonArray expected = runNode(scripts);
        io.canopy.testkit.Peers.require(expected != null, "node is not installed (apt-get install nodejs): the differential test of the "
                + "ECMAScript datamodel is skipped");
        List<String> mismatches = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (int i = 0; i < scripts.size(); i++) {
            JsonObject node = expected.get(i).getAsJsonObject();
            JsonObject ours = canopy(scripts.get(i));
            boolean syntaxError = node.get("t").getAsString().equals("error")
                    && node.get("v").getAsString().startsWith("SyntaxError");
            if (ours == null && syntaxError) {
                continue; // both refuse it
            }
            if (ours == null) {
                refused.add(scripts.get(i) + "   (node: " + node + ")");
            } else if (!same(node, ours)) {
                mismatches.add(scripts.get(i) + "   node: " + node + "   canopy: " + ours);
            }
        }
        String report = scripts.size() + " scripts: " + (scripts.size() - refused.size() - mismatches.size())
                + " agree, " + refused.size() + " refused by Canopy, " + mismatches.size() + " disagree";
        System.out.println("EcmaDifferentialTest: " + report);
        Path dump = Path.of("target", "ecma-differential.txt");
        Files.createDirectories(dump.getParent());
        Files.writeString(dump, report + "\n\nDISAGREE\n" + String.join("\n", mismatches) + "\n\nREFUSED\n"
                + String.join("\n", refused) + "\n");
        assertThat(mismatches).as(report).isEmpty();
    }
}
