/**
 * BT.CPP's built-in actions (Script, SetBlackboard, Sleep, AlwaysSuccess/Failure, ...), one node type per file.
 */
package io.canopy.bt.action;
