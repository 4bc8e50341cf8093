package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.ValueExpr;

/** {@code <cancel sendid|sendidexpr>}: cancels this session's pending delayed sends with that id. */
final class CancelAction implements Action {
    private final String sendid;
    private final ValueExpr sendidExpr;

    CancelAction(String sendid, ValueExpr sendidExpr) {
        this.sendid = sendid;
        this.sendidExpr = sendidExpr;
    }

    @Override
    public void run(Machine m) {
        String id = sendid != null ? sendid : String.valueOf(sendidExpr.get(m));
        m.outbox.cancel(id);
    }
}
