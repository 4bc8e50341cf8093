/**
 * Composites with a policy over all children: ParallelPolicy (every/some/N) and All (every child, always SUCCESS).
 * Semantics of cark.behavior-tree's :parallel (seed 000_b42e925201fe4bd8.txt) and xbt's all (seed 001_7bc1398b2eb77d7f.txt).
 */
package io.canopy.bt.composites;
