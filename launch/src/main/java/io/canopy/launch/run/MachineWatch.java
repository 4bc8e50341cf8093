package io.canopy.launch.run;

import io.canopy.bt.observe.MachineRecorder;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineObserver;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.NanoClock;
import java.util.ArrayList;
import java.util.List;

/** Hands a machine's steps (its {@link MachineObserver} hook) to a {@link MachineRecorder}; tick thread, no allocation. */
final class MachineWatch implements MachineObserver {
    private final MachineRecorder recorder;

    private MachineWatch(MachineRecorder recorder) {
        this.recorder = recorder;
    }

    /** Starts recording {@code machine}'s steps under {@code name} (before it starts, or on the tick thread). */
    static MachineRecorder attach(String name, Machine machine, NanoClock clock) {
        Statechart chart = machine.chart();
        List<String> states = new ArrayList<>();
        states.add("(root)");
        for (int s = 1; s <= chart.stateCount(); s++) {
            states.add(chart.stateId(s));
        }
        List<String> transitions = new ArrayList<>();
        for (int t = 0; t < chart.transitionCount(); t++) {
            transitions.add(chart.transitionText(t));
        }
        MachineRecorder r = new MachineRecorder(name, clock, states, transitions);
        machine.observe(new MachineWatch(r));
        return r;
    }

    @Override
    public void tickStarted() {
        recorder.tickStarted();
    }

    @Override
    public void transition(int transition) {
        recorder.transition(transition);
    }

    @Override
    public void exited(int state) {
        recorder.exited(state);
    }

    @Override
    public void entered(int state) {
        recorder.entered(state);
    }

    @Override
    public void tickEnded() {
        recorder.tickEnded();
    }
}
