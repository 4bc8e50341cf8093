/**
 * Side-by-side JMH benchmarks (not shipped): Canopy's bench trees with -prof gc, and Canopy's machines next to
 * Apache Commons SCXML on the same shapes in one run; {@code canopy bench tree|fsm --compare} runs them.
 */
package io.canopy.bench;
