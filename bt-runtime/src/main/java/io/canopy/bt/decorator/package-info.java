/**
 * BT.CPP's built-in decorators (Inverter, Retry, Repeat, Timeout, Delay, RunOnce, ...), one node type per file.
 */
package io.canopy.bt.decorator;
