/**
 * Nav2's control-flow nodes (RecoveryNode, PipelineSequence, RoundRobin, RateController, and PathLongerOnApproach on an ordinary approach), written after their
 * documented behaviour: the stand-ins for these IDs when a palette declares them and nothing implements them.
 */
package io.canopy.bt.standin.nav2;
