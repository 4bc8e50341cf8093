/**
 * Behavior trees: the BT.CPP v4 XML loader and assembler, nodes, ports, the blackboard, the registry and the
 * Java builder; node families live in the sub-packages named by role.
 */
package io.canopy.bt;
