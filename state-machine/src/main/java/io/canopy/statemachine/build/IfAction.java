package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.TransitionGuard;

/** {@code <if>/<elseif>/<else>}: the first branch whose condition holds runs; {@code else} has no condition. */
final class IfAction implements Action {
    private final TransitionGuard[] conditions;
    private final Action[] branches;

    IfAction(TransitionGuard[] conditions, Action[] branches) {
        this.conditions = conditions;
        this.branches = branches;
    }

    @Override
    public void run(Machine m) {
        for (int i = 0; i < conditions.length; i++) {
            if (conditions[i] == null || conditions[i].test(m)) {
                if (branches[i] != null) {
                    branches[i].run(m);
                }
                return;
            }
        }
    }
}
