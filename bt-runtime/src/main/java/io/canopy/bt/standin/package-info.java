/**
 * Stand-ins: nodes that take the place of node types a palette declares but nothing implements, scripted by
 * YAML substitution rules (result, running ticks, outputs, by type ID or node name), so a BehaviorTree.CPP tree
 * full of custom types validates, draws and runs under tree-test or canopy run --stub-unknown.
 */
package io.canopy.bt.standin;
