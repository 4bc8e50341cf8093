package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.ValueExpr;

/** {@code <assign location expr>}. */
final class AssignAction implements Action {
    private final Location location;
    private final ValueExpr expr;

    AssignAction(Location location, ValueExpr expr) {
        this.location = location;
        this.expr = expr;
    }

    @Override
    public void run(Machine m) {
        location.set(m, expr.get(m));
    }
}
