package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.StateKind;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ecma.ExprProgram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds a {@link Statechart} in Java, with the same semantics (and the same compiled tables) as SCXML:
 *
 * <pre>{@code
 * StatechartBuilder b = new StatechartBuilder("mission");
 * StatechartBuilder.StateBuilder idle = b.state("idle");
 * idle.on("go", "patrol").when(m -> batteryOk(m), "batteryOk").then(m -> log(m));
 * b.state("patrol").onEntry(m -> startPatrol(m)).on("low", "dock");
 * b.finalState("dock");
 * Statechart chart = b.build();
 * }</pre>
 *
 * The first child is the initial state unless {@code initial(...)} says otherwise. Conditions and actions are
 * Java lambdas; an exception thrown by one raises {@code error.execution} in the machine.
 */
public final class StatechartBuilder {
    private final String name;
    private final StateNode root;
    private final Slots slots = new Slots();
    private final List<Object[]> data = new ArrayList<>();
    private int generated;
    private boolean built;

    public StatechartBuilder(String name) {
        this.name = name;
        this.root = new StateNode(name, StateKind.ROOT, null, "builder " + name);
    }

    private String where(String what) {
        return "builder " + name + " " + what;
    }

    /** Declares a datamodel item with its initial value (null: undefined). */
    public StatechartBuilder data(String id, Object initialValue) {
        slots.slot(id);
        data.add(new Object[] {id, initialValue});
        return this;
    }

    /** Sets the initial states of the machine (default: the first child). */
    public StatechartBuilder initial(String... ids) {
        root.initialIds = ids.clone();
        return this;
    }

    public StateBuilder state(String id) {
        return new StateBuilder(new StateNode(id, StateKind.ATOMIC, root, where("state '" + id + "'")));
    }

    public StateBuilder parallel(String id) {
        return new StateBuilder(new StateNode(id, StateKind.PARALLEL, root, where("parallel '" + id + "'")));
    }

    public StateBuilder finalState(String id) {
        return new StateBuilder(new StateNode(id, StateKind.FINAL, root, where("final '" + id + "'")));
    }

    /** Compiles the chart; the builder cannot be used afterwards. */
    public Statechart build() {
        if (built) {
            throw new IllegalStateException("builder " + name + " was already built");
        }
        built = true;
        for (Object[] d : data) {
            String id = (String) d[0];
            root.data.add(new DataDecl(id, slots.slot(id), null, d[1]));
        }
        return Compiler.compile(root, name, "builder", false, false, slots.names(), ExprProgram.EMPTY);
    }

    /** A state being described: add children, transitions and entry/exit actions. */
    public final class StateBuilder {
        private final StateNode node;

        private StateBuilder(StateNode node) {
            this.node = node;
        }

        public String id() {
            return node.id;
        }

        public StateBuilder state(String id) {
            return new StateBuilder(new StateNode(id, StateKind.ATOMIC, node, where("state '" + id + "'")));
        }

        public StateBuilder parallel(String id) {
            return new StateBuilder(new StateNode(id, StateKind.PARALLEL, node, where("parallel '" + id + "'")));
        }

        public StateBuilder finalState(String id) {
            return new StateBuilder(new StateNode(id, StateKind.FINAL, node, where("final '" + id + "'")));
        }

        /** A history pseudo-state with its default targets (used before the parent was ever exited). */
        public StateBuilder history(String id, boolean deep, String... defaultTargets) {
            StateNode h = new StateNode(id, deep ? StateKind.HISTORY_DEEP : StateKind.HISTORY_SHALLOW, node,
                    where("history '" + id + "'"));
            TransitionNode t = new TransitionNode(h, h.where);
            t.targets = defaultTargets.clone();
            h.initialTransition = t;
            return this;
        }

        public StateBuilder initial(String... ids) {
            node.initialIds = ids.clone();
            return this;
        }

        public StateBuilder onEntry(Action action) {
            node.onEntry.add(action);
            return this;
        }

        public StateBuilder onExit(Action action) {
            node.onExit.add(action);
            return this;
        }

        /** Raises an internal event whenever the state is entered. */
        public StateBuilder raiseOnEntry(String event) {
            node.onEntry.add(new RaiseAction(event));
            return this;
        }

        /** Data sent as the done event's payload when this final state is entered. */
        public StateBuilder doneData(Object constant) {
            node.doneData = new DoneData(null, m -> constant);
            return this;
        }

        /** A transition on {@code events} (space-separated descriptors, {@code *} for any) to {@code targets}. */
        public TransitionBuilder on(String events, String... targets) {
            TransitionNode t = new TransitionNode(node, where("transition in '" + node.id + "' on '" + events + "'"));
            t.events = events.trim().split("\\s+");
            t.targets = targets.clone();
            node.transitions.add(t);
            return new TransitionBuilder(t);
        }

        /** An eventless transition, taken as soon as its condition holds. */
        public TransitionBuilder always(String... targets) {
            TransitionNode t = new TransitionNode(node, where("eventless transition in '" + node.id + "'"));
            t.targets = targets.clone();
            node.transitions.add(t);
            return new TransitionBuilder(t);
        }

        @Override
        public String toString() {
            return "StateBuilder[" + node.id + "]";
        }
    }

    /** A transition being described. */
    public static final class TransitionBuilder {
        private final TransitionNode t;
        private final List<Action> actions = new ArrayList<>();

        private TransitionBuilder(TransitionNode t) {
            this.t = t;
        }

        /** Guards the transition; {@code text} is how it is shown in pictures and messages. */
        public TransitionBuilder when(TransitionGuard guard, String text) {
            t.cond = guard;
            t.condText = text;
            return this;
        }

        /** An internal transition: does not exit its (compound) source state. */
        public TransitionBuilder internal() {
            t.internal = true;
            return this;
        }

        /** Adds an action run when the transition is taken (in the order added). */
        public TransitionBuilder then(Action action) {
            actions.add(action);
            t.action = Block.of(actions);
            return this;
        }

        /** Raises an internal event when the transition is taken. */
        public TransitionBuilder raise(String event) {
            return then(new RaiseAction(event));
        }

        @Override
        public String toString() {
            return "TransitionBuilder" + Arrays.toString(t.events) + "->" + Arrays.toString(t.targets);
        }
    }
}
