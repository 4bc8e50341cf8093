/**
 * Variables scoped to a subtree (Bind, Map; DynamicExtent saves and restores them) and blackboard updates (Update), with
 * the context-value helpers the cark nodes share: Truthiness, Condition (a judged port) and ComputedName (a name from a
 * literal, an entry or a script). Semantics of cark.behavior-tree (:bind, :map, :update): bindings have dynamic extent.
 */
package io.canopy.bt.scope;
