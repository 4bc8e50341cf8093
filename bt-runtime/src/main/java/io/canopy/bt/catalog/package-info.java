/**
 * The registration of every node family (SeedNodes, with each type's family and seed) and the generated node reference (NodeReference).
 * Follows no single seed: it lists which seed document each registered node type takes its semantics from.
 */
package io.canopy.bt.catalog;
