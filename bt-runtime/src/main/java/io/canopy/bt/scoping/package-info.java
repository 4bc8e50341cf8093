/**
 * Variables bound for the dynamic extent of a subtree (Bind, Map), blackboard updates (Update), and the helpers that read context values.
 * Semantics of cark.behavior-tree's :bind, :map, :update and dynamic extent, and its truthiness and computed names (seed 000_b42e925201fe4bd8.txt).
 */
package io.canopy.bt.scoping;
