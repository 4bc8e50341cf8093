package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.ecma.NumericPath;
import java.util.List;

/** A sequence of executable content: one {@code <onentry>}, {@code <onexit>} or transition body. */
final class Block implements Action {
    private final Action[] steps;

    Block(Action[] steps) {
        this.steps = steps;
    }

    static Action of(List<Action> steps) {
        if (steps.isEmpty()) {
            return null;
        }
        if (steps.size() == 1) {
            return steps.get(0);
        }
        Action typed = NumericPath.Sequence.of(steps);
        return typed != null ? typed : new Block(steps.toArray(new Action[0]));
    }

    @Override
    public void run(Machine machine) {
        for (int i = 0; i < steps.length; i++) {
            steps[i].run(machine);
        }
    }
}
