/**
 * Whether a device link is up, told the same way for every device role: one WARN line when it is lost, one INFO
 * line when it is back ({@link io.canopy.hardware.health.LinkHealth}), and the same change handed to a listener.
 */
package io.canopy.hardware.health;
