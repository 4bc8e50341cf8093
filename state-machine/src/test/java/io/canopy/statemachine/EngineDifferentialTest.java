package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.ecma.JsEngine;
import io.canopy.statemachine.tools.ScxmlDriver;
import io.canopy.statemachine.tools.ScxmlTestRunner;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;

/**
 * The two datamodel engines side by side. Every W3C test runs on the full engine (Rhino) and, where it loads
 * there, on the compiled one: the outcomes must agree, and the full engine must pass every mandatory test.
 * Every expression of the hand-written corpus ({@code ecma/corpus.txt}, the operator grid) and of a seeded
 * generated set is evaluated by Rhino and by the compiled dialect: where the compiled subset accepts an
 * expression, its value must be Rhino's (a refusal is safe: such a document runs on the full engine).
 */
class EngineDifferentialTest {
    private static final String RHINO_PROGRAM = String.join("\n",
            "JSON.stringify(scripts.map(function (src) {",
            "  try {",
            "    var r = (function () { var x, y, s, e, ns, n, u, t, f, arr, obj; " + EcmaDifferentialTest.SETUP
                    + "; return eval(src); })();",
            "    var ty = typeof r;",
            "    if (ty === 'object' && r !== null) return {t: 'object', j: JSON.stringify(r)};",
            "    if (ty === 'function') return {t: ty};",
            "    return {t: ty, v: r === null ? 'null' : String(r)};",
            "  } catch (err) { return {t: 'error', v: String(err)}; }",
            "}))");

    /** Rhino's results for every script, in the shape EcmaDifferentialTest uses for node's. */
    static JsonArray rhino(List<String> scripts) {
        Context cx = JsEngine.FACTORY.enterContext();
        try {
            ((JsEngine.BudgetContext) cx).budget = Long.MAX_VALUE;
            Scriptable scope = cx.initSafeStandardObjects();
            scope.put("scripts", scope, cx.evaluateString(scope, "(" + new Gson().toJson(scripts) + ")", "scripts", 1, null));
            Object out = cx.evaluateString(scope, RHINO_PROGRAM, "differential", 1, null);
            return JsonParser.parseString(out.toString()).getAsJsonArray();
        } finally {
            Context.exit();
        }
    }

    /** Random expressions over the corpus variables, from a fixed seed (the same set every run). */
    static List<String> generated(int count, long seed) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(expr(r, 3));
        }
        return out;
    }

    private static final String[] LEAVES = {"x", "y", "s", "e", "ns", "n", "u", "t", "f", "0", "1", "-1", "2.5", "'3'",
        "''", "'abc'", "true", "false", "null", "undefined", "NaN", "arr.length", "obj.a", "obj.b", "obj.c.d", "arr[1]",
        "s.length", "[]", "[7]", "Infinity", "1e21", "0.1", "-0"};
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "==", "!=", "===", "!==", "<", ">", "<=", ">=",
        "&&", "||", "&", "|", "^", "<<", ">>", ">>>"};
    private static final String[] UNARY = {"-", "+", "!", "~", "typeof "};
    private static final String[] CALLS = {"Math.max(%s, %s)", "Math.min(%s, %s)", "String(%s)", "Number(%s)",
        "parseInt(%s)", "parseFloat(%s)", "Math.floor(%s)", "Math.abs(%s)", "isNaN(%s)", "Boolean(%s)"};
    private static final String[] UPDATES = {"++x", "x++", "--y", "y--", "x += %s", "y -= %s", "x *= %s", "s += %s",
        "x = %s"};

    private static String expr(Random r, int depth) {
        if (depth == 0 || r.nextInt(4) == 0) {
            return LEAVES[r.nextInt(LEAVES.length)];
        }
        switch (r.nextInt(7)) {
            case 0:
            case 1:
                return expr(r, depth - 1) + " " + BINARY[r.nextInt(BINARY.length)] + " " + expr(r, depth - 1);
            case 2:
                return UNARY[r.nextInt(UNARY.length)] + "(" + expr(r, depth - 1) + ")";
            case 3:
                return "(" + expr(r, depth - 1) + ") ? " + expr(r, depth - 1) + " : " + expr(r, depth - 1);
            case 4: {
                String call = CALLS[r.nextInt(CALLS.length)];
                return String.format(call, expr(r, depth - 1), expr(r, depth - 1));
            }
            case 5: {
                String u = UPDATES[r.nextInt(UPDATES.length)];
                return "(" + String.format(u, expr(r, depth - 1)) + ") + '|' + x + '|' + y + '|' + s";
            }
            default:
                return "(" + expr(r, depth - 1) + ")";
        }
    }

    @Test
    void theCompiledSubsetAgreesWithRhinoOnEveryExpressionItAccepts() throws Exception {
        List<String> scripts = new ArrayList<>(EcmaDifferentialTest.corpus());
        int handWritten = scripts.size();
        scripts.addAll(generated(3000, 20_261_125L));
        JsonArray expected = rhino(scripts);
        List<String> mismatches = new ArrayList<>();
        int refused = 0;
        int compared = 0;
        for (int i = 0; i < scripts.size(); i++) {
            JsonObject js = expected.get(i).getAsJsonObject();
            JsonObject ours = EcmaDifferentialTest.canopy(scripts.get(i));
            if (ours == null) {
                refused++;
                continue;
            }
            compared++;
            if (!EcmaDifferentialTest.same(js, ours) && !closeNumbers(js, ours)) {
                mismatches.add(scripts.get(i) + "   rhino: " + js + "   compiled: " + ours);
            }
        }
        String report = scripts.size() + " expressions (" + handWritten + " hand-written and operator grid, "
                + (scripts.size() - handWritten) + " generated): " + compared + " compared, " + refused
                + " beyond the compiled subset (full engine), " + mismatches.size() + " disagree";
        System.out.println("EngineDifferentialTest: " + report);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "engine-differential.txt"), report + "\n\nDISAGREE\n"
                + String.join("\n", mismatches) + "\n");
        assertThat(compared).as(report).isGreaterThan(2000);
        assertThat(mismatches).as(report).isEmpty();
    }

    /**
     * Rhino computes {@code **} by repeated multiplication, a unit or two in the last place away from V8's and
     * Java's {@code Math.pow} (which the compiled subset uses and node agrees with): numbers within 4 ulps agree.
     */
    private static boolean closeNumbers(JsonObject js, JsonObject ours) {
        if (!js.get("t").getAsString().equals("number") || !ours.get("t").getAsString().equals("number")) {
            return false;
        }
        double a = Double.parseDouble(js.get("v").getAsString());
        double b = Double.parseDouble(ours.get("v").getAsString());
        return Math.abs(a - b) <= 4 * Math.ulp(Math.max(Math.abs(a), Math.abs(b)));
    }

    /**
     * The datamodel path of both engines (data initialisation, conversions into and out of the data cells,
     * {@code typeof} of what was stored): the generated expressions without side effects, each as the
     * {@code expr} of a {@code <data>} item and again through {@code <assign>}, in one document per engine.
     */
    @Test
    void dataItemsGetTheSameValuesOnBothEngines() {
        List<String> exprs = new ArrayList<>();
        for (String e : generated(1500, 77L)) {
            if (!e.contains("++") && !e.contains("--") && !e.contains("=") && EcmaDifferentialTest.canopy(e) != null) {
                exprs.add(e);
            }
        }
        exprs = exprs.subList(0, Math.min(400, exprs.size()));
        StringBuilder data = new StringBuilder("<datamodel>");
        String[] setup = {"x", "5", "y", "2.5", "s", "'abc'", "e", "''", "ns", "'42'", "n", "null", "u", null, "t", "true",
            "f", "false", "arr", "[1, 2, 3]", "obj", "({a: 1, b: 'two', c: {d: 4}})"};
        for (int i = 0; i < setup.length; i += 2) {
            data.append("<data id=\"").append(setup[i]).append('"')
                    .append(setup[i + 1] == null ? "" : " expr=\"" + escape(setup[i + 1]) + "\"").append("/>");
        }
        StringBuilder assigns = new StringBuilder();
        for (int i = 0; i < exprs.size(); i++) {
            data.append("<data id=\"r").append(i).append("\" expr=\"").append(escape(exprs.get(i))).append("\"/>")
                    .append("<data id=\"a").append(i).append("\"/><data id=\"t").append(i).append("\"/>");
            assigns.append("<assign location=\"a").append(i).append("\" expr=\"").append(escape(exprs.get(i))).append("\"/>")
                    .append("<assign location=\"t").append(i).append("\" expr=\"typeof r").append(i).append(" + '/' + typeof a")
                    .append(i).append("\"/>");
        }
        data.append("</datamodel>");
        List<String> differ = new ArrayList<>();
        Machine[] machines = new Machine[2];
        String[] engines = {"compiled", "full"};
        for (int k = 0; k < 2; k++) {
            Statechart chart = ScxmlLoader.parse("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" "
                    + "datamodel-engine=\"" + engines[k] + "\">" + data + "<state id=\"s\"><onentry>" + assigns
                    + "</onentry></state></scxml>", "data-" + engines[k] + ".scxml");
            assertThat(chart.datamodelEngine()).isEqualTo(engines[k]);
            machines[k] = chart.newMachine(new MachineContext(null).onLog((m, l, v) -> { }));
            machines[k].start();
        }
        for (int i = 0; i < exprs.size(); i++) {
            for (String item : new String[] {"r", "a", "t"}) {
                String c = shown(machines[0], item + i);
                String f = shown(machines[1], item + i);
                if (!c.equals(f) && !(c.startsWith("number ") && f.startsWith("number ") && close(c, f))) {
                    differ.add(item + i + " = " + exprs.get(i) + "   compiled: " + c + "   full: " + f);
                }
            }
        }
        System.out.println("EngineDifferentialTest: " + exprs.size() + " expressions as <data> and <assign> on both engines, "
                + differ.size() + " differ");
        assertThat(differ).isEmpty();
    }

    /** Found by the test above: the compiled engine used to store {@code <data expr="null">} as undefined. */
    @Test
    void nullDataStaysNullOnBothEngines() {
        for (String engine : new String[] {"compiled", "full"}) {
            Statechart chart = ScxmlLoader.parse("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" "
                    + "datamodel-engine=\"" + engine + "\"><datamodel><data id=\"x\" expr=\"null\"/><data id=\"u\"/></datamodel>"
                    + "<state id=\"s\"><transition cond=\"x === null &amp;&amp; typeof x === 'object' &amp;&amp; u === undefined\" "
                    + "target=\"ok\"/></state><final id=\"ok\"/></scxml>", "null-" + engine + ".scxml");
            Machine m = chart.newMachine(new MachineContext(null));
            m.start();
            assertThat(m.finalStateId()).as(engine).isEqualTo("ok");
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
    }

    /** A data item as {@code canopy scxml run} shows it, with the kind of value (numbers compared as numbers). */
    private static String shown(Machine m, String id) {
        Object v = m.data(id).objectValue();
        if (v instanceof Number) {
            return "number " + ((Number) v).doubleValue();
        }
        String kind = v == null ? "undefined" : v instanceof java.util.List ? "array" : v instanceof java.util.Map ? "object"
                : v instanceof CharSequence ? "string" : v instanceof Boolean ? "boolean" : String.valueOf(v);
        return kind + " " + ScxmlDriver.show(v);
    }

    private static boolean close(String c, String f) {
        double a = Double.parseDouble(c.substring(7));
        double b = Double.parseDouble(f.substring(7));
        return Double.isNaN(a) ? Double.isNaN(b) : Math.abs(a - b) <= 4 * Math.ulp(Math.max(Math.abs(a), Math.abs(b)));
    }

    @Test
    void everyW3cTestHasTheSameOutcomeOnBothEngines() throws Exception {
        List<String> disagree = new ArrayList<>();
        int fullPassedMandatory = 0;
        int both = 0;
        int fullOnly = 0;
        for (String kind : new String[] {"mandatory", "optional", "null"}) {
            for (Path f : ScxmlTestRunner.collect(List.of(dir(kind)))) {
                ScxmlTestRunner.Result full = ScxmlTestRunner.run(f, "full");
                ScxmlTestRunner.Result compiled = ScxmlTestRunner.run(f, "compiled");
                if (kind.equals("mandatory") && full.passed()) {
                    fullPassedMandatory++;
                }
                if (compiled.outcome() == ScxmlTestRunner.Outcome.ERROR && compiled.detail().contains("datamodel-engine")) {
                    fullOnly++;
                    continue;
                }
                both++;
                if (full.outcome() != compiled.outcome()) {
                    disagree.add(kind + "/" + f.getFileName() + ": full " + full.line() + ", compiled " + compiled.line());
                }
            }
        }
        System.out.println("EngineDifferentialTest: W3C " + both + " tests on both engines, " + fullOnly
                + " beyond the compiled subset, " + disagree.size() + " disagree; full engine passes "
                + fullPassedMandatory + " of 159 mandatory");
        assertThat(disagree).isEmpty();
        assertThat(fullPassedMandatory).isEqualTo(159);
        assertThat(both).isGreaterThan(150);
    }

    private static Path dir(String kind) throws URISyntaxException {
        return Path.of(EngineDifferentialTest.class.getResource("/w3c/" + kind).toURI());
    }
}
