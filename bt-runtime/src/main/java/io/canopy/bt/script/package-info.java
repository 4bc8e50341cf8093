/**
 * Scripts inside trees: the BT.CPP script and ECMAScript dialects compiled once at load against the blackboard,
 * and the compiled code the leaves and conditions run on each tick.
 */
package io.canopy.bt.script;
