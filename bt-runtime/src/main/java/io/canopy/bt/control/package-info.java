/**
 * BT.CPP's built-in control nodes (Sequence, Fallback, their reactive and memory forms, Parallel, Switch, ...),
 * one node type per file.
 */
package io.canopy.bt.control;
