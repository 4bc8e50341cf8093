/**
 * Loading behavior trees from BehaviorTree.CPP XML: the safe reader, palettes, the v3 upgrade, the outline and the
 * assembler that turns a document into a runnable {@code Tree}, with every error as file:line:column.
 */
package io.canopy.bt.load;
