/**
 * The ROS-style tools for a running system over MQTT: {@code canopy topic list/echo/hz/bw/info}, {@code pub}, {@code call},
 * {@code bag}, {@code graph}, and the message text and views they share.
 */
package io.canopy.launch.cli.topic;
