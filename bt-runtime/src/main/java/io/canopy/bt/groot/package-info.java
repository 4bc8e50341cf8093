/**
 * The tools BehaviorTree.CPP users already have, fed from a {@link io.canopy.bt.observe.TreeObserver}: the
 * Groot2 live-monitoring server (ZeroMQ, port and port + 1), FileLogger2 {@code .btlog} files, console traces.
 */
package io.canopy.bt.groot;
