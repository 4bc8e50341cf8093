/**
 * The embedded MQTT broker (Moquette) and what Canopy adds to it: sizing, a per-client rate limit, the CONNACK gate,
 * the session-loop revival and the log levels. The patches that reach into Moquette 0.17 live here and only here.
 */
package io.canopy.messaging.broker;
