package io.canopy.statemachine.tree;

import io.canopy.InputException;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * {@code <StateMachine file="mission.scxml" failure_states="aborted" event="{cmd}" state="{mode}"/>}: runs an
 * SCXML machine inside a behavior tree. The machine is loaded and compiled when the tree is built and
 * started fresh on the first tick; every tick takes the machine's queued events (run to completion).
 *
 * <p>Status: SUCCESS when the machine reaches a top-level final state, FAILURE when that final state is
 * listed in {@code failure_states}, RUNNING otherwise. Halting the node halts the machine: every active
 * state is exited in exit order (its onexit handlers run), invoked sessions and delayed sends are cancelled.
 *
 * <p>Events: a non-empty string in {@code event} is sent to the machine as an external event at the next
 * tick and the entry is emptied; {@code state} receives the active atomic states (space-separated) whenever
 * they change. Delayed sends run on the tree's one-shot timers and wake the tree up. Java code can reach the
 * machine with {@link #machine()}.
 */
public final class StateMachineNode extends StatefulAction {
    public static final NodeType TYPE = NodeType.action("StateMachine", StateMachineNode::new,
            Port.input("file", PortType.STRING).required().describe("the SCXML document (path, relative to the tree file)"),
            Port.input("failure_states", PortType.STRING).withDefault("")
                    .describe("top-level final states that mean FAILURE (space- or comma-separated)"),
            Port.inout("event", PortType.STRING).describe("an event name to send to the machine; emptied when taken"),
            Port.output("state", PortType.STRING).describe("the active atomic states, space-separated"))
            .describe("Runs an SCXML state machine: SUCCESS/FAILURE at a top-level final state, RUNNING before");

    private final Statechart chart;
    private final Set<String> failureStates;
    private final Input event;
    private final Output eventClear;
    private final Output state;
    private final MachineContext machineContext;
    private Machine machine;
    private long shownConfiguration = -1;

    public StateMachineNode(NodeInit init) {
        super(init);
        String file = init.text("file");
        try {
            chart = ScxmlLoader.load(init.resolvePath(file));
        } catch (InputException e) {
            throw init.error("port 'file': " + e.getMessage());
        }
        failureStates = new HashSet<>(Arrays.asList(init.input("failure_states").getString().trim().split("[\\s,]+")));
        for (String s : failureStates) {
            if (!s.isEmpty() && chart.stateIndex(s) < 0) {
                throw init.error("port 'failure_states': '" + s + "' is not a state of " + file
                        + "; name top-level <final> states");
            }
        }
        event = init.optionalInput("event");
        eventClear = event == null ? null : init.optionalOutput("event");
        state = init.optionalOutput("state");
        machineContext = new MachineContext(context.timers()).onWakeUp(context::emitWakeUp);
    }

    /** The running machine (null before the first tick). */
    public Machine machine() {
        return machine;
    }

    @Override
    protected Status onStart() {
        machine = chart.newMachine(machineContext);
        shownConfiguration = -1;
        takeEvent();
        machine.start();
        return result();
    }

    @Override
    protected Status onRunning() {
        takeEvent();
        machine.onTick(context.clock().nanoTime());
        return result();
    }

    @Override
    protected void onHalted() {
        machine.halt();
    }

    private void takeEvent() {
        if (event != null && event.hasValue()) {
            String name = event.getString();
            if (!name.isEmpty()) {
                machine.offer(name, null);
                if (eventClear != null) {
                    eventClear.setString("");
                }
            }
        }
    }

    private Status result() {
        if (state != null) {
            long signature = machine.configurationSignature();
            if (signature != shownConfiguration) {
                shownConfiguration = signature;
                state.setString(String.join(" ", machine.activeAtomicStates()));
            }
        }
        if (!machine.isFinished()) {
            return Status.RUNNING;
        }
        String reached = machine.finalStateId();
        return reached != null && failureStates.contains(reached) ? Status.FAILURE
                : reached == null && machine.isFinished() ? Status.FAILURE : Status.SUCCESS;
    }
}
