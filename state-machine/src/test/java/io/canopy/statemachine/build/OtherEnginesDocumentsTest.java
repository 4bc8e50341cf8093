package io.canopy.statemachine.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Issue 31 items 5-8: SCXML documents as other engines read them load here, each with one warning naming the rule. */
class OtherEnginesDocumentsTest {
    private static Path file(String resource) throws Exception {
        return Path.of(OtherEnginesDocumentsTest.class.getResource(resource).toURI());
    }

    private final ManualNanoClock clock = new ManualNanoClock();
    private final DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);

    private Machine start(Statechart chart) {
        Machine m = chart.newMachine(new MachineContext(timers));
        m.start();
        m.drain();
        return m;
    }

    private void advanceMs(Machine m, long ms) {
        clock.advanceNs(ms * 1_000_000L);
        timers.poll(clock.nanoTime());
        m.drain();
    }

    @Test
    void commonsPrefix01WithAnUnusedJexlDatamodelLoadsWithAWarning() throws Exception {
        Path f = file("/corpus/commons-scxml/src/test/java/org/apache/commons/scxml2/prefix-01.xml");
        Statechart chart = ScxmlLoader.load(f);
        assertThat(chart.warnings()).anyMatch(w -> w.contains(":20:8:") && w.contains("<scxml> datamodel=\"jexl\": not supported")
                && w.contains("uses no expression, script or data") && w.contains("remove the attribute"));
        Machine m = start(chart);
        assertThat(m.activeStates()).containsExactly("ten");
        assertThat(ScxmlLoader.looksLikeScxml(f)).isTrue();
    }

    @Test
    void aForeignDatamodelThatIsUsedIsStillRefusedNamingTheUse() {
        assertThatThrownBy(() -> ScxmlLoader.parse("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" datamodel=\"jexl\">"
                + "<state id=\"a\"><transition cond=\"x eq 1\" target=\"a\"/></state></scxml>", "j.scxml"))
                .isInstanceOf(InputException.class).hasMessageContaining("datamodel=\"jexl\" is not supported")
                .hasMessageContaining("<transition> uses it");
    }

    @Test
    void aDelayWithoutUnitIsReadAsMillisecondsWithAWarning() throws Exception {
        Statechart chart = ScxmlLoader.load(file("/lenient/ros_send_delay_no_unit.scxml"));
        assertThat(chart.warnings()).filteredOn(w -> w.contains("delay=")).hasSize(2).first().asString()
                .contains(":10:").contains("<send> delay=\"3\": a number without a unit is not a CSS2 time")
                .contains("read as 3 milliseconds, as Apache Commons SCXML, uSCXML and SCION read it (Qt SCXML refuses it)")
                .contains("write delay=\"3ms\"");
        Machine m = start(chart);
        advanceMs(m, 2);
        assertThat(m.activeStates()).containsExactly("idle");
        advanceMs(m, 1);
        assertThat(m.activeStates()).containsExactly("working");
        advanceMs(m, 1499);
        assertThat(m.activeStates()).containsExactly("working");
        advanceMs(m, 1);
        assertThat(m.isFinished()).isTrue();
    }

    @Test
    void dataWithExprAndContentTakesExprWithAWarning() throws Exception {
        Statechart chart = ScxmlLoader.load(file("/lenient/robotics_data_expr_and_content.scxml"));
        assertThat(chart.warnings()).singleElement().asString().contains(":6:", "<data> id=\"battery_threshold\"",
                "has both expr= and content", "expr=\"20\" is used", "as uSCXML and Apache Commons SCXML do");
        Machine m = start(chart);
        assertThat(m.finalStateId()).isEqualTo("ok");
    }

    @Test
    void dataWithSrcAndExprIsStillRefused() throws Exception {
        assertThatThrownBy(() -> ScxmlLoader.load(file(
                "/corpus/commons-scxml/src/test/java/org/apache/commons/scxml2/io/data-with-src-and-expr.xml")))
                .isInstanceOf(InputException.class);
    }

    @Test
    void documentsQtRefusesLoadWithAWarningNamingTheRule() throws Exception {
        Statechart script = ScxmlLoader.load(file("/lenient/qt_rejects_empty_script.scxml"));
        assertThat(script.warnings()).singleElement().asString().contains(":7:", "<script>: empty <script>",
                "Qt SCXML refuses the document", "remove it");
        assertThat(start(script).isFinished()).isTrue();

        Statechart events = ScxmlLoader.load(file("/lenient/qt_rejects_event_names.scxml"));
        assertThat(events.warnings()).hasSize(2).allMatch(w -> w.contains("'.invalid' is not a valid event name")
                && w.contains("SCXML 3.12.1") && w.contains("write it without the empty token, e.g. 'invalid'"));
        assertThat(start(events).isFinished()).isTrue();

        Statechart id = ScxmlLoader.load(file("/lenient/qt_rejects_numeric_id.scxml"));
        assertThat(id.warnings()).hasSize(2).first().asString().contains(":5:", "<state> id=\"1\": not a valid XML ID",
                "Qt SCXML refuses the document", "rename it, e.g. id=\"s1\"");
        Machine m = start(id);
        assertThat(m.activeStates()).containsExactly("1");
        m.fire("go");
        assertThat(m.finalStateId()).isEqualTo("2");
    }
}
