package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The full ECMAScript engine (Rhino) as a datamodel: what scripts see, the budget, data kept between steps. */
class FullEngineTest {
    private static final String HEAD = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" "
            + "datamodel=\"ecmascript\" datamodel-engine=\"full\" name=\"m\">\n";

    private static Machine start(String body, List<String> log) {
        Statechart c = ScxmlLoader.parse(HEAD + body + "</scxml>", "full.scxml");
        assertThat(c.datamodelEngine()).isEqualTo("full");
        Machine m = c.newMachine(new MachineContext(null).onLog((mm, label, value) -> log.add(label + "=" + value)));
        m.start();
        return m;
    }

    @Test
    void anEndlessScriptRunsOutOfItsBudgetAndRaisesErrorExecutionInsteadOfStallingTheTick() {
        List<String> log = new ArrayList<>();
        long t0 = System.nanoTime();
        Machine m = start("<datamodel><data id=\"after\" expr=\"0\"/></datamodel>"
                + "<state id=\"a\"><onentry><script>while (true) { try { } catch (e) { } }</script>"
                + "<assign location=\"after\" expr=\"1\"/></onentry>"
                + "<transition event=\"error.execution\" target=\"stopped\"/></state>"
                + "<state id=\"stopped\"><onentry><script>function f(n) { return f(n + 1); } f(0)</script></onentry>"
                + "<transition event=\"error.execution\" target=\"done\"/></state><final id=\"done\"/>", log);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(m.finalStateId()).isEqualTo("done");
        assertThat(m.data("after").objectValue()).as("the block ended at the failing script").isEqualTo(0L);
        assertThat(log).anySatisfy(l -> assertThat(l).contains("error.execution", "instructions", "budget"));
        assertThat(log).anySatisfy(l -> assertThat(l).contains("error.execution", "f(0)", "stack depth"));
        assertThat(ms).as("two runaway scripts stopped within their budget").isLessThan(10_000);
    }

    @Test
    void scriptsSeeOnlyTheSystemVariablesInAndTheSafeStandardObjects() {
        List<String> log = new ArrayList<>();
        Machine m = start("<datamodel><data id=\"seen\"/></datamodel>"
                + "<state id=\"a\"><onentry><script>seen = [typeof Packages, typeof java, typeof javax, typeof importClass, "
                + "typeof _event, typeof _sessionid, typeof _name, typeof _ioprocessors, typeof In, In('a'), In('b'), "
                + "typeof JSON, typeof Math].join(',')</script></onentry></state><state id=\"b\"/>", log);
        assertThat(m.data("seen").objectValue()).isEqualTo(
                "undefined,undefined,undefined,undefined,undefined,string,string,object,function,true,false,object,object");
    }

    @Test
    void objectsKeepTheirChangesBetweenStepsAndAreMapsToJava() {
        List<String> log = new ArrayList<>();
        Machine m = start("<datamodel><data id=\"o\" expr=\"({count: 1, items: []})\"/>"
                + "<data id=\"fromEvent\"/></datamodel>"
                + "<state id=\"a\"><transition event=\"add\" target=\"a\"><script>o.count++; o.items.push(_event.data.x); "
                + "fromEvent = _event.data</script></transition>"
                + "<transition event=\"check\" cond=\"o.count === 3 &amp;&amp; o.items.join() === '7,8' "
                + "&amp;&amp; fromEvent.x === 8\" target=\"ok\"/></state><final id=\"ok\"/>", log);
        m.fire("add", Map.of("x", 7L));
        m.fire("add", Map.of("x", 8L));
        Object o = m.data("o").objectValue();
        assertThat(o).isInstanceOf(Map.class);
        assertThat(((Map<?, ?>) o).get("items")).isInstanceOf(List.class);
        m.fire("check");
        assertThat(m.finalStateId()).isEqualTo("ok");
    }

    @Test
    void systemVariablesAndTheEventAreReadOnly() {
        List<String> log = new ArrayList<>();
        Machine m = start("<datamodel><data id=\"errors\" expr=\"0\"/></datamodel>"
                + "<state id=\"a\"><onentry><script>_sessionid = 'x'</script></onentry>"
                + "<onentry><script>_event = 1</script></onentry><onentry><raise event=\"e\"/></onentry>"
                + "<transition event=\"error.execution\"><assign location=\"errors\" expr=\"errors + 1\"/></transition>"
                + "<transition event=\"e\"><script>_event.name = 'other'</script></transition>"
                + "<transition event=\"done\" target=\"end\"/></state><final id=\"end\"/>", log);
        m.fire("done");
        assertThat(m.data("errors").objectValue()).isEqualTo(3L);
        assertThat(m.data("_sessionid").objectValue()).isEqualTo(m.sessionId());
    }

    @Test
    void aScriptIsCompiledOnceWhenTheDocumentLoadsAndASyntaxErrorIsAWarningThatRaisesErrorExecution() {
        Statechart c = ScxmlLoader.parse(HEAD + "<state id=\"a\"><onentry><script>var x = ;</script></onentry>"
                + "<transition event=\"error.execution\" target=\"bad\"/></state><final id=\"bad\"/></scxml>", "syntax.scxml");
        assertThat(c.warnings()).singleElement().satisfies(w -> assertThat(w).contains("syntax.scxml:2:", "<script>",
                "not valid ECMAScript", "error.execution"));
        assertThat(c.js.scripts).hasSize(1).containsOnlyNulls();
        Machine m = c.newMachine(new MachineContext(null));
        m.start();
        assertThat(m.finalStateId()).isEqualTo("bad");
    }

    @Test
    void aMachineOnTheFullEngineSurvivesASnapshot() {
        List<String> log = new ArrayList<>();
        Machine m = start("<datamodel><data id=\"o\" expr=\"({n: 1, s: 'a' + 'b', list: [1, 2.5]})\"/></datamodel>"
                + "<state id=\"a\"><transition event=\"go\" cond=\"o.n === 2 &amp;&amp; o.s === 'ab' &amp;&amp; o.list[1] === 2.5\" "
                + "target=\"ok\"/><transition event=\"inc\"><script>o.n++</script></transition></state><final id=\"ok\"/>", log);
        m.fire("inc");
        byte[] bytes = m.snapshot();
        Machine back = m.chart().restore(new MachineContext(null), bytes);
        back.fire("go");
        assertThat(back.finalStateId()).isEqualTo("ok");
    }

    @Test
    void aSnapshotKeepsBuiltStringsAndRefusesFunctionsByName() {
        List<String> log = new ArrayList<>();
        Machine m = start("<datamodel><data id=\"o\"/><data id=\"f\"/></datamodel>"
                + "<state id=\"a\"><transition event=\"build\"><script>var p = 'x'; for (var i = 0; i &lt; 3; i++) { p = p + i; } "
                + "o = {s: p, u: undefined}</script></transition>"
                + "<transition event=\"fn\"><script>f = function () { return 1; }</script></transition>"
                + "<transition event=\"check\" cond=\"o.s === 'x012' &amp;&amp; o.u === undefined\" target=\"ok\"/></state>"
                + "<final id=\"ok\"/>", log);
        m.fire("build");
        Machine back = m.chart().restore(new MachineContext(null), m.snapshot());
        back.fire("check");
        assertThat(back.finalStateId()).isEqualTo("ok");
        m.fire("fn");
        org.assertj.core.api.Assertions.assertThatThrownBy(m::snapshot).hasMessageStartingWith("f holds")
                .hasMessageContaining("ECMAScript function");
    }
}
