/**
 * Foxglove: Canopy's state in Foxglove's well-known schemas (pose, transforms, log, state text), encoded without
 * allocating on the tick, and the live Foxglove WebSocket server ({@code canopy run --foxglove}).
 */
package io.canopy.launch.foxglove;
