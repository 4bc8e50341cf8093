/**
 * Tree scenarios (canopy tree-test): the YAML cases, the runner on the manual clock, and their expectations.
 */
package io.canopy.bt.scenario;
