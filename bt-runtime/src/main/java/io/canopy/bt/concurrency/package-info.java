/**
 * Running children side by side and reacting to cancellation: a parallel with a success/failure policy and on-cancel.
 * Semantics of cark.behavior-tree (:parallel, :on-cancel).
 */
package io.canopy.bt.concurrency;
