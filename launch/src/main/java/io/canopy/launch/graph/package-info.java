/**
 * Graphviz views of a launch file: its nodes, trees, machines and wiring as DOT, merged into one graph for
 * {@code canopy graph --dot}.
 */
package io.canopy.launch.graph;
