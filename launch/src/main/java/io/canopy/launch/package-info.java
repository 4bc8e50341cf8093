/**
 * Launch files: the loader that turns a file into a {@code LaunchPlan} (readers in {@code read}, plans in
 * {@code plan}) and the artifacts (palettes, plugins, remotes) a plan needs before a node is built.
 */
package io.canopy.launch;
