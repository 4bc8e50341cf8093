/**
 * Nodes that run their child again: until success or failure, while a condition holds, or a counted number of times.
 * Semantics of cark.behavior-tree (:repeat, :until-success, :until-failure) and the probabilistic behaviours ($loop, $loop_until).
 */
package io.canopy.bt.repetition;
