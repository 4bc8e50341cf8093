package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineEvent;

/** {@code <raise event>}: queues an internal event; the event class is resolved when the chart is built. */
final class RaiseAction implements Action {
    private final String event;

    RaiseAction(String event) {
        this.event = event;
    }

    @Override
    public void run(Machine m) {
        m.internal.add(event, m.chart.eventClass(event), MachineEvent.INTERNAL, null, null, null, null, null);
    }
}
