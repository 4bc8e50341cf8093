package io.canopy.statemachine;

/** {@code <assign location expr>}. */
final class AssignAction implements Action {
    private final Location location;
    private final Value expr;

    AssignAction(Location location, Value expr) {
        this.location = location;
        this.expr = expr;
    }

    @Override
    public void run(Machine m) {
        location.set(m, expr.get(m));
    }
}
