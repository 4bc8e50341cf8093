/**
 * A node's wiring at run time: the compiled bindings, the inbound router, the event bus between machines and trees,
 * the outbound queue to MQTT and the taps on serial links, all allocation-free on the tick thread.
 */
package io.canopy.launch.route;
