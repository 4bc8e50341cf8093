/**
 * Real-time settings of a tick thread: the idle strategy, SCHED_FIFO priority and CPU affinity through JNA, and the
 * report of what the operating system granted.
 */
package io.canopy.tick.realtime;
