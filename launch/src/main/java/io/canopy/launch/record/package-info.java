/**
 * Recording a node's run to MCAP ({@code canopy run --record}) and replaying it tick for tick on the manual clock
 * ({@code canopy replay}, {@code canopy bag info}): the MCAP format, the capture rings, the writer thread, the replayer.
 */
package io.canopy.launch.record;
