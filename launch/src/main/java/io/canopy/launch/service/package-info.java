/** Canopy as a systemd service: the sd_notify protocol (READY, STATUS, STOPPING, WATCHDOG) spoken by the node itself. */
package io.canopy.launch.service;
