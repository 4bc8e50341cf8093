/**
 * Nodes whose result does not depend on their children's: always, never, succeed, fail, and xbt's all.
 * Semantics of the probabilistic behaviours ($always, $never, $succeed, $fail) and xbt (all).
 */
package io.canopy.bt.outcome;
