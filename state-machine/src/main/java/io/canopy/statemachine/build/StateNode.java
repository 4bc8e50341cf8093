package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.StateKind;
import java.util.ArrayList;
import java.util.List;

/**
 * One state of a statechart while it is being described (by the SCXML loader or the Java builder), before
 * {@link Compiler} turns the tree into tables. Mutable, short-lived, package-private.
 */
final class StateNode {
    final String id;
    StateKind kind;
    final StateNode parent;
    final String where;
    final List<StateNode> children = new ArrayList<>();
    final List<TransitionNode> transitions = new ArrayList<>();
    final List<Action> onEntry = new ArrayList<>();
    final List<Action> onExit = new ArrayList<>();
    final List<DataDecl> data = new ArrayList<>();
    final List<InvokeDef> invokes = new ArrayList<>();
    /** The {@code initial} attribute (ids), or null. */
    String[] initialIds;
    /** The {@code <initial>} element's transition, or the default of a history state, or null. */
    TransitionNode initialTransition;
    DoneData doneData;
    /** True when the id was generated (the document gave none). */
    boolean generatedId;

    StateNode(String id, StateKind kind, StateNode parent, String where) {
        this.id = id;
        this.kind = kind;
        this.parent = parent;
        this.where = where;
        if (parent != null) {
            parent.children.add(this);
        }
    }
}
