/**
 * rosjava-style MQTT: nodes, publishers, subscribers, services, routing with duplicate and deadline filters,
 * and the embedded Moquette broker.
 */
package io.canopy.messaging;
