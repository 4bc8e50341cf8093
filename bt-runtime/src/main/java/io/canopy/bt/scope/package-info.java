/**
 * Variables scoped to a subtree (Bind, Map) and blackboard updates (Update), with Saved, the allocation-free copy that restores
 * a variable when its scope ends. Semantics of cark.behavior-tree (:bind, :map, :update): bindings have dynamic extent.
 */
package io.canopy.bt.scope;
