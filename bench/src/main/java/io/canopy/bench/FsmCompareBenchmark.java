package io.canopy.bench;

import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.tools.FsmBenchmark;
import java.util.concurrent.TimeUnit;
import org.apache.commons.scxml.SCXMLExecutor;
import org.apache.commons.scxml.TriggerEvent;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One event on each bench machine of {@code canopy bench fsm} ({@code machine/event}): Canopy's compiled
 * machine ({@code canopy}) and Apache Commons SCXML 0.9 ({@code commonsScxml}). ns per event; {@code -prof gc}
 * for B/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class FsmCompareBenchmark {
    @Param({"toggle/flip", "hierarchical/next", "hierarchical/up", "guarded-counter/flip"})
    public String machine;

    private Machine canopy;
    private String event;
    private int eventClass;
    private SCXMLExecutor commons;
    private TriggerEvent trigger;

    @Setup
    public void start() {
        String name = machine.substring(0, machine.indexOf('/'));
        event = machine.substring(machine.indexOf('/') + 1);
        Statechart chart = switch (name) {
            case "toggle" -> FsmBenchmark.toggle();
            case "hierarchical" -> FsmBenchmark.hierarchical();
            default -> FsmBenchmark.guardedCounter();
        };
        canopy = chart.newMachine(new MachineContext(null));
        canopy.start();
        eventClass = canopy.chart().eventClass(event);
        commons = CommonsScxmlMachines.start(name);
        trigger = new TriggerEvent(event, TriggerEvent.SIGNAL_EVENT);
    }

    @Benchmark
    public Machine canopy() {
        canopy.fire(event, eventClass, null);
        return canopy;
    }

    @Benchmark
    public SCXMLExecutor commonsScxml() {
        CommonsScxmlMachines.fire(commons, trigger);
        return commons;
    }
}
