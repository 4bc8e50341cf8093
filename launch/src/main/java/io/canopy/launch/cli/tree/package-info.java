/**
 * Commands about tree and statechart files: {@code canopy tree check/test/upgrade}, {@code nodes}, {@code scxml run/test}
 * and {@code btlog}.
 */
package io.canopy.launch.cli.tree;
