/**
 * Side-by-side JMH benchmarks (not shipped): Canopy's bench trees next to gdx-ai 1.8.2 (its jar) and Canopy's machines
 * next to Apache Commons SCXML, each on the same shapes in one run; {@code canopy bench tree|fsm --compare} runs them.
 */
package io.canopy.bench;
