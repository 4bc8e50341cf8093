/**
 * Nodes that take time on the tree's clock: a named-duration timer and a node that stays RUNNING for a number of ticks.
 * Semantics of cark.behavior-tree (:timer, :tick-eater); every time is read through the tree's clock.
 */
package io.canopy.bt.timing;
