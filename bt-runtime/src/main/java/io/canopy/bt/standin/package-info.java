/**
 * Stand-ins: nodes that take the place of node types a palette declares but nothing implements, so a
 * BehaviorTree.CPP tree full of custom types validates, draws and runs under tree-test or --stub-unknown.
 */
package io.canopy.bt.standin;
