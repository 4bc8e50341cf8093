/**
 * BT.CPP's built-in conditions (ScriptCondition, WasEntryUpdated, ...), one node type per file.
 */
package io.canopy.bt.condition;
