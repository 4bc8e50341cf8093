/**
 * SCXML statecharts: the reader, the compiler to tables, the W3C interpretation algorithm, the compiled and the
 * Rhino datamodels, snapshots, invoke, and trees as state activities.
 */
package io.canopy.statemachine;
