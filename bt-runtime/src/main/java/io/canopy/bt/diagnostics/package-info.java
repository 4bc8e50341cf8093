/**
 * Nodes that show what a subtree does without changing it (a hierarchical trace after each tick).
 * Semantics of cark.behavior-tree (:trace).
 */
package io.canopy.bt.diagnostics;
