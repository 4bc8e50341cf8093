/**
 * Side-by-side JMH benchmarks (not shipped): Canopy's trees and machines next to gdx-ai's behavior trees and
 * Apache Commons SCXML on the same bench shapes, in one run; {@code canopy bench tree --compare} runs them.
 */
package io.canopy.bench;
