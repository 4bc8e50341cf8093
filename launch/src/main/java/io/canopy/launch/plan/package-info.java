/**
 * What a launch file says, as immutable records: the launch plan, its nodes, and each node's timers, trees,
 * machines, links, devices, bindings and settings, each with the {@code Source} it was declared at.
 */
package io.canopy.launch.plan;
