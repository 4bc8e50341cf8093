/**
 * Watching a running tree at no cost to its tick: a status array and a transition ring written by the tick
 * thread ({@link io.canopy.bt.observe.TreeObserver}), read by other threads (console trace, .btlog, Groot2).
 */
package io.canopy.bt.observe;
