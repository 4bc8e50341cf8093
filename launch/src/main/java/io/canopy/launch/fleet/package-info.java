/**
 * Robots coordinating over MQTT: the {@code Claim} and {@code Release} tree nodes and the per-tree claim board
 * that leases named resources (waypoints) on the retained topics {@code fleet/claims/<resource>}.
 */
package io.canopy.launch.fleet;
