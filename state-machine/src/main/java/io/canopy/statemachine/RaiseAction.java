package io.canopy.statemachine;

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
