/**
 * Debugging aids: Trace logs a hierarchical picture of its subtree after each tick.
 * Semantics of cark.behavior-tree's :trace (seed 000_b42e925201fe4bd8.txt).
 */
package io.canopy.bt.tracing;
