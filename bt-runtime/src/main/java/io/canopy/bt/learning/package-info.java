/**
 * Rewards and learned choice: the per-tree reward accumulator, reward leaves, named-function leaves that earn rewards,
 * and the choice whose child order is learned (epsilon-greedy). Semantics of xbt.
 */
package io.canopy.bt.learning;
