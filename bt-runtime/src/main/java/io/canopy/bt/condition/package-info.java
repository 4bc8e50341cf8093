/**
 * BT.CPP's built-in conditions (ScriptCondition), one node type per file.
 */
package io.canopy.bt.condition;
