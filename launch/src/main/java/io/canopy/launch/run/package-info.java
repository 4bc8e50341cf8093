/**
 * A running node: NodeRuntime, the composition root that builds one from its plan and starts and stops it, the
 * tick's phases (NodeCycle), links, devices, the failsafe, and the read-only NodeView the rest of the code sees.
 */
package io.canopy.launch.run;
