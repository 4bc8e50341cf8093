package io.canopy.launch.deploy;

import io.canopy.launch.run.MachineSlot;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.SwapWhen;
import java.util.List;

/** Reads a request's {@code when}: {@code idle}, {@code now}, {@code state:NAME} or {@code state:MACHINE.NAME}. */
final class DeployWhen {
    private DeployWhen() {}

    /** The swap condition, or {@link SwapWhen#WHEN_IDLE} with an error added to {@code errors}. */
    static SwapWhen parse(String text, NodeView view, List<String> errors) {
        if (text.equals("idle")) {
            return SwapWhen.WHEN_IDLE;
        }
        if (text.equals("now")) {
            return SwapWhen.AT_ONCE;
        }
        if (text.startsWith("state:")) {
            String rest = text.substring("state:".length());
            List<MachineSlot> machines = view.machineSlots();
            int dot = rest.indexOf('.');
            String machineName = dot < 0 ? null : rest.substring(0, dot);
            String state = dot < 0 ? rest : rest.substring(dot + 1);
            for (MachineSlot m : machines) {
                if (machineName == null || m.plan.name().equals(machineName)) {
                    int index = m.machine().chart().stateIndex(state);
                    if (index > 0) {
                        return new SwapWhen(SwapWhen.STATE, m, index);
                    }
                }
            }
            errors.add("when: \"" + text + "\": no machine of node " + view.name() + " has a state '" + state
                    + "'; write state:NAME or state:MACHINE.NAME with a state of " + String.join(", ",
                            machines.stream().map(m -> m.plan.name()).toList()));
            return SwapWhen.WHEN_IDLE;
        }
        errors.add("when: \"" + text + "\" is not a moment; write idle (the default), now or state:NAME");
        return SwapWhen.WHEN_IDLE;
    }
}
