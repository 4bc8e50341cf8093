/**
 * The benchmark leaves (AlwaysTrue, AlwaysFalse, RunForever, CopyPort) and the harnesses behind canopy bench
 * tree and canopy bench observe.
 */
package io.canopy.bt.bench;
