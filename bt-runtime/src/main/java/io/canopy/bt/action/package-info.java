/**
 * BT.CPP's built-in actions (Script, SetBlackboard, UnsetBlackboard, Sleep, AlwaysSuccess/Failure,
 * WasEntryUpdated), one node type per file.
 */
package io.canopy.bt.action;
