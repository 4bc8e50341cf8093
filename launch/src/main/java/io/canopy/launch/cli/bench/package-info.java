/**
 * The {@code canopy bench} commands: tick, tree, machine, MQTT, serial, latency and soak benchmarks, each side by side
 * with its peer where one exists, and the comparison tables they print.
 */
package io.canopy.launch.cli.bench;
