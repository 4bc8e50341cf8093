/**
 * Conditions that gate or interrupt a subtree (Guard, GuardSelector, Predicate) and the handler run when one is cancelled (OnCancel).
 * Semantics of cark.behavior-tree's :guard, :guard-selector, :predicate and :on-cancel (seed 000_b42e925201fe4bd8.txt).
 */
package io.canopy.bt.guards;
