/**
 * What a running node tells the outside: telemetry, the one-line status, the node's info message, and tree
 * monitoring (Groot2, .btlog, console and Perfetto traces).
 */
package io.canopy.launch.report;
