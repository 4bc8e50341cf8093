package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Values;
import io.canopy.expr.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hands the {@code <param name value>} blocks of a launch file to what they configure, before the node's first
 * tick: a {@code <tree>}'s become entries of the node's blackboard (trees read them as {@code {name}} /
 * {@code @name}), a {@code <statemachine>}'s set items of its datamodel. NumberText are typed as written
 * ({@link Values#literal}): a whole number, a real number, {@code true}/{@code false}, else text.
 *
 * <p>A machine's parameters are set right after it has entered its initial configuration (the state machine
 * API takes no initial values), so the initial state's {@code onentry} still sees the {@code <data>}
 * defaults; every later transition, condition and {@code onentry} sees the parameters.
 */
final class LaunchParams {
    private LaunchParams() {}

    static void apply(List<TreeSlot> trees, List<MachineSlot> machines, Blackboard blackboard) {
        List<String> errors = new ArrayList<>();
        for (TreeSlot t : trees) {
            for (Map.Entry<String, String> p : t.plan.params().entrySet()) {
                Object v = Values.literal(p.getValue());
                String key = p.getKey();
                if (v instanceof Long l) {
                    blackboard.set(key, l.longValue());
                } else if (v instanceof Double d) {
                    blackboard.set(key, d.doubleValue());
                } else if (v instanceof Boolean b) {
                    blackboard.set(key, b.booleanValue());
                } else {
                    blackboard.set(key, (String) v);
                }
            }
        }
        for (MachineSlot m : machines) {
            if (m.plan.params().isEmpty()) {
                continue;
            }
            m.start(); // initialises the datamodel (before the tick thread exists, as NodeRuntime.start does)
            for (Map.Entry<String, String> p : m.plan.params().entrySet()) {
                Variable v = m.machine().data(p.getKey());
                if (v == null) {
                    errors.add(m.plan.source() + ": <param name=\"" + p.getKey() + "\">: machine '" + m.plan.name() + "' ("
                            + m.plan.file().getFileName() + ") has no <data id=\"" + p.getKey() + "\">; declare it in its"
                            + " <datamodel>, or remove the parameter");
                    continue;
                }
                Object value = Values.literal(p.getValue());
                if (value instanceof Long l) {
                    v.setLong(l);
                } else if (value instanceof Double d) {
                    v.setDouble(d);
                } else if (value instanceof Boolean b) {
                    v.setBoolean(b);
                } else {
                    v.setObject(value);
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new InputException(String.join("\n", errors));
        }
    }
}
