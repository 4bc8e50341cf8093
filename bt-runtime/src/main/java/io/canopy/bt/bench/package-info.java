/**
 * The benchmark leaves (AlwaysTrue, AlwaysFalse, RunForever, CopyPort) that the benchmark trees and their tests use;
 * the harnesses behind canopy bench live in the launch module (io.canopy.launch.cli.bench).
 */
package io.canopy.bt.bench;
