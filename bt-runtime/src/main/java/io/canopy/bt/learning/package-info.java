/**
 * Rewards on results and choices that learn from them: Reward, TreeRewards, XChoice, ChildOrder, EpsilonGreedy, RewardLeaves.
 * Semantics of xbt's result rewards, xchoice and epsilon_greedy_child_fun (seed 001_7bc1398b2eb77d7f.txt).
 */
package io.canopy.bt.learning;
