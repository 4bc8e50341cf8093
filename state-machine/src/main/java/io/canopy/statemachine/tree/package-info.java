/**
 * Statecharts inside behavior trees: the {@code StateMachine} tree node and the tree activities a machine's
 * states start and stop.
 */
package io.canopy.statemachine.tree;
