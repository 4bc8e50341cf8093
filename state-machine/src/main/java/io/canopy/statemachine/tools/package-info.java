/**
 * Tools around statecharts, not needed to run one: the Graphviz DOT writer, the interactive driver behind
 * {@code canopy scxml run}, the scenario test runner and the machine benchmark.
 */
package io.canopy.statemachine.tools;
