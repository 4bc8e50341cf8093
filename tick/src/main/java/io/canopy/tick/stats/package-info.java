/**
 * Timing statistics of a ticker's timers: interval and work-time histograms recorded on the tick thread without
 * allocation, read as snapshots from any thread.
 */
package io.canopy.tick.stats;
