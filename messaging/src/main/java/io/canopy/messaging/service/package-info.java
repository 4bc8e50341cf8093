/**
 * Request/reply services over MQTT in the rosjava style: the server, the client, the router that matches replies to
 * requests and the handler and error types.
 */
package io.canopy.messaging.service;
