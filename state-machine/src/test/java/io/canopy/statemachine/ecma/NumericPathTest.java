package io.canopy.statemachine.ecma;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.build.StaticSets;
import io.canopy.statemachine.tools.FsmBenchmark;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The typed numeric path gives the same results as the general evaluator: every condition and assignment
 * runs on a chart where it takes the typed path and on the same chart with it in parentheses (which the
 * typed path does not take), over many events and starting values, and the data (value and kind), the
 * configuration and the error count must agree after every event.
 */
class NumericPathTest {
    private static final String[] INITS = {"0", "1", "-3", "2.5", "-0.5", "'5'", "'abc'", "true", "null", "",
        "9007199254740990", "67108863", "-67108870", "[1]"};
    private static final String[] CONDS = {"n >= 0", "n < 3", "n == 5", "n != 0", "n === 1", "n !== 2", "0 < n",
        "n > m", "n <= -2.5", "m >= n"};
    private static final String[] EXPRS = {"n + 1", "n - 1", "1 - n", "n + m", "m - n", "m", "0.5", "-0", "-2",
        "n + 0.25", "n - 100000000"};

    private static String chart(String init, String minit, String cond, String expr) {
        return "<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript' initial='top'>"
                + "<datamodel><data id='n'" + (init.isEmpty() ? "" : " expr=\"" + init + "\"") + "/>"
                + "<data id='m' expr=\"" + minit + "\"/><data id='errs' expr='0'/></datamodel>"
                + "<state id='top'><transition event='error.execution'><assign location='errs' expr='errs + 1'/></transition>"
                + "<state id='off'><transition event='flip' cond=\"" + cond.replace("<", "&lt;").replace(">", "&gt;")
                + "\" target='on'><assign location='n' expr=\"" + expr + "\"/></transition>"
                + "<transition event='bump'><assign location='n' expr=\"" + expr + "\"/></transition></state>"
                + "<state id='on'><transition event='flip' target='off'/></state></state></scxml>";
    }

    private static List<String> run(String doc) {
        Machine m = ScxmlLoader.parse(doc, "t").newMachine(new MachineContext(null));
        m.start();
        List<String> trace = new ArrayList<>();
        String[] events = {"flip", "bump", "flip", "flip", "bump", "bump", "flip", "flip", "flip"};
        for (String e : events) {
            m.fire(e);
            trace.add(e + " -> " + m.activeAtomicStates() + " n=" + m.data("n").kind() + ":" + show(m.data("n").objectValue())
                    + " errs=" + m.data("errs").objectValue());
        }
        return trace;
    }

    private static String show(Object v) {
        return v instanceof Double d && d == 0 && 1 / d < 0 ? "-0.0" : String.valueOf(v);
    }

    @Test
    void typedConditionsAndAssignmentsAgreeWithTheGeneralEvaluator() {
        int compared = 0;
        for (String init : INITS) {
            for (String minit : new String[] {"2", "0.5", "'x'"}) {
                for (String cond : CONDS) {
                    for (String expr : EXPRS) {
                        List<String> typed = run(chart(init, minit, cond, expr));
                        List<String> general = run(chart(init, minit, "(" + cond + ")", "(" + expr + ")"));
                        assertThat(typed).as("n=%s m=%s cond=%s expr=%s", init, minit, cond, expr).isEqualTo(general);
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isEqualTo(INITS.length * 3 * CONDS.length * EXPRS.length);
    }

    @Test
    void theBenchShapesAreCompiledOnTheTypedPath() {
        Statechart c = FsmBenchmark.guardedCounter();
        int flip = c.eventClass("flip");
        int off = -1;
        for (int s = 0; s < c.stateCount; s++) {
            if (c.ids[s].equals("off")) {
                off = s;
            }
        }
        assertThat(c.direct[off * c.classCount + flip]).isEqualTo(StaticSets.DIRECT_TYPED);
        // and the parenthesised form is not (the general path of the differential test above)
        Statechart general = ScxmlLoader.parse(chart("0", "2", "(n >= 0)", "(n + 1)"), "t");
        int conds = 0;
        for (int t = 0; t < general.transitionCount; t++) {
            if (general.tCond[t] != null) {
                assertThat(general.tCond[t]).isNotInstanceOf(NumericPath.TypedGuard.class);
                conds++;
            }
        }
        assertThat(conds).isEqualTo(1);
    }

    @Test
    void theGuardedCounterCountsOnTheTypedPath() {
        Machine m = FsmBenchmark.guardedCounter().newMachine(new MachineContext(null));
        m.start();
        for (int i = 0; i < 1000; i++) {
            m.fire("flip");
        }
        assertThat(m.data("n").longValue()).isEqualTo(500);
        assertThat(m.activeAtomicStates()).containsExactly("off");
    }
}
