/**
 * Nodes that wait for time or ticks: Timer (free or named, names computed or literal) and TickEater, with the per-tree NamedTimers.
 * Semantics of cark.behavior-tree's :timer and :tick-eater (seed 000_b42e925201fe4bd8.txt).
 */
package io.canopy.bt.timers;
