/**
 * Rollouts: a node taking new versions of its tree files over MQTT ({@code <deploy/>}) and swapping them at a safe
 * tick, with rollback; and {@code canopy deploy}, which sends them to one robot or a fleet, canary first.
 */
package io.canopy.launch.deploy;
