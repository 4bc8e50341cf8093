package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.ValueExpr;

/** {@code <log label expr>}: hands the value to the context's log sink. */
final class LogAction implements Action {
    private final String label;
    private final ValueExpr expr;

    LogAction(String label, ValueExpr expr) {
        this.label = label;
        this.expr = expr;
    }

    @Override
    public void run(Machine m) {
        m.context.logSink.log(m, label, expr == null ? null : expr.get(m));
    }
}
