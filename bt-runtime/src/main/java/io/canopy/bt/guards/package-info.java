/**
 * Guarded choice: a predicate node and the guard and guard selector that run a payload only while its predicate holds,
 * re-checked every tick. Semantics of cark.behavior-tree (:predicate, :guard, :guard-selector); predicates use the script language's truthiness.
 */
package io.canopy.bt.guards;
