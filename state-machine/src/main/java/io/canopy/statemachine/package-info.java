/**
 * Running statecharts: the immutable {@code Statechart} tables, the W3C interpretation algorithm over bit sets
 * ({@code Machine}, {@code MachineCore}), event queues, send/invoke, observers and snapshots.
 */
package io.canopy.statemachine;
