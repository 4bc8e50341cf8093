package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.TransitionGuard;

/** A transition while the chart is being described; see {@link StateNode}. */
final class TransitionNode {
    final StateNode source;
    final String where;
    /** Event descriptors as written (empty: eventless). */
    String[] events = new String[0];
    /** Target state ids (empty: targetless). */
    String[] targets = new String[0];
    boolean internal;
    TransitionGuard cond;
    /** The condition as written, for pictures and messages; null when there is none. */
    String condText;
    /** The executable content, or null. */
    Action action;

    TransitionNode(StateNode source, String where) {
        this.source = source;
        this.where = where;
    }
}
