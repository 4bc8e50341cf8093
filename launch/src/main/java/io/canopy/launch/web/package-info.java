/**
 * The live web page of a robot and of a fleet: an embedded Jetty server ({@code canopy run --web},
 * {@code canopy monitor}), the robots' status as JSON, and compact deltas over a WebSocket.
 */
package io.canopy.launch.web;
