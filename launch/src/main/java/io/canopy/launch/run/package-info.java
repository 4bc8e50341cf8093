/**
 * A running node: the tick's phases (NodeCycle), the compiled bindings, links, MQTT, the failsafe, devices and
 * the monitoring attachments.
 */
package io.canopy.launch.run;
