/**
 * Nodes that draw from the tree's seeded random source: SelectP, Maybe, Either, RandomChoice, RandomEach.
 * Semantics of the $-behaviours $select_p, $maybe, $either, $random_choice, $random_each (seed 003_192c05786df0e68c.txt).
 */
package io.canopy.bt.probability;
