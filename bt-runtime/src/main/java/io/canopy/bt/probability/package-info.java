/**
 * Nodes that decide by chance, from the tree's seeded random source (so runs replay): either, maybe, select_p,
 * random choice and the shuffle bag, with the percentage port they share. Semantics of the probabilistic behaviours ($-nodes).
 */
package io.canopy.bt.probability;
