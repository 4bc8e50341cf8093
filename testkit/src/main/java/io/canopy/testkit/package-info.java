/**
 * Independent peers the tests of several modules run against: a real Mosquitto process, the node-mavlink vehicle,
 * a ZMTP client written from the spec (as Groot2 speaks). Test scope only; never shipped.
 */
package io.canopy.testkit;
