/**
 * Remote nodes: declared actions bound by {@code <remote type topic>} run in a worker process over MQTT
 * (goal, feedback, result, cancel, worker status; docs/remote-nodes.md), wired into the node's inbox and outbox.
 */
package io.canopy.launch.remote;
