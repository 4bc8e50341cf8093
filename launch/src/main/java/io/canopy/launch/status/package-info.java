/**
 * A running node's full status on MQTT ({@code <robot>/status/trees/*}, {@code status/machines/*}) and the
 * readers of it that {@code canopy echo}, the web page and {@code canopy monitor} share.
 */
package io.canopy.launch.status;
